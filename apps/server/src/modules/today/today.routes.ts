import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { getToday } from './today.service.js';

/** GET /users/me/today (signed in): the Today view at the top of the todos dashboard. */
export function todayRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.today.get, async (request) => {
      const data = await getToday(ctx, currentUser(request));
      return { success: true as const, data, message: data.total > 0 ? "Today's items fetched" : 'Nothing due today' };
    });
  };
}
