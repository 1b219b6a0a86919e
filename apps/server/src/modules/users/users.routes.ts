import { errorResponseSchema, meResponseSchema, usersResponseSchema } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { presentUser } from './users.presenter.js';
import { listUsers } from './users.service.js';

export function usersRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          response: { 200: meResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => ({ success: true as const, data: presentUser(currentUser(request)) }),
    );

    app.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Every user, for member pickers',
          response: { 200: usersResponseSchema, 401: errorResponseSchema },
        },
      },
      async () => ({ success: true as const, data: (await listUsers(ctx)).map(presentUser) }),
    );
  };
}
