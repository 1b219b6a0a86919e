import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { search } from './search.service.js';

export function searchRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.search.everything, async (request) => {
      const data = await search(ctx, currentUser(request), request.query);
      return { success: true as const, data, message: data.length > 0 ? 'Search results fetched successfully' : 'Nothing found' };
    });
  };
}
