import { errorResponseSchema, listUsersQuerySchema, meResponseSchema, usersResponseSchema } from '@tasklane/contract';
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
          summary: 'The people who share a workspace or project with you; or one user by exact email or username',
          querystring: listUsersQuerySchema,
          response: { 200: usersResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: (await listUsers(ctx, currentUser(request).id, request.query)).map(presentUser),
      }),
    );
  };
}
