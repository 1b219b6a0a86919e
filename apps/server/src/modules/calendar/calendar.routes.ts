import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { listCalendar } from './calendar.service.js';

export function calendarRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.calendar.range, async (request) => {
      const data = await listCalendar(ctx, currentUser(request), request.query);
      return { success: true as const, data, message: 'Calendar fetched successfully' };
    });
  };
}
