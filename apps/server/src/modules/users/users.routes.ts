import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { describeCurrentCaller, listUsers } from './users.service.js';

export function usersRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.users.me, async (request) => ({
      success: true as const,
      data: describeCurrentCaller(currentUser(request), request.apiToken),
    }));

    route(app, operations.users.list, async (request) => ({
      success: true as const,
      data: await listUsers(ctx, currentUser(request).id, request.query),
    }));
  };
}
