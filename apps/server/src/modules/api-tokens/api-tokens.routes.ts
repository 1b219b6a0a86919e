import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, refuseApiTokens, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';

/** Personal API tokens (decision 038): managed from a signed-in session only, never with a token. */
export function apiTokensRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));
    app.addHook('onRequest', refuseApiTokens);

    route(app, operations.apiTokens.list, async (request) => ({
      success: true as const,
      data: await listApiTokens(ctx, currentUser(request)),
      message: 'API tokens retrieved',
    }));

    route(app, operations.apiTokens.create, async (request, reply) => {
      const data = await createApiToken(ctx, currentUser(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: 'API token created. Copy it now: it will not be shown again.' });
    });

    route(app, operations.apiTokens.revoke, async (request) => {
      await revokeApiToken(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: 'API token revoked' };
    });
  };
}
