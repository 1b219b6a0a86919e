import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, readSessionToken, requireUser } from '../../http/session.js';
import { apiTokenStreamKey } from '../api-tokens/api-token-secrets.js';
import { hashSessionToken } from '../auth/tokens.js';
import type { ServiceContext } from '../context.js';
import type { EventHub } from './event-hub.js';
import { openEventStream, resumePointOf } from './events.service.js';

export function eventsRoutes(ctx: ServiceContext, hub: EventHub): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.events.stream, async (request, reply) => {
      const header = request.headers['last-event-id'];
      const resume = resumePointOf(typeof header === 'string' && header !== '' ? header : request.query.lastEventId, request.query.sinceMs);
      // The credential the stream lives by: its session, or its API token (decision 038).
      const sessionId = request.apiToken ? apiTokenStreamKey(request.apiToken.id) : hashSessionToken(readSessionToken(request, ctx.config.cookieSecure)!);
      const client = { user: currentUser(request), sessionId, address: request.ip };
      const stream = await openEventStream(ctx, hub, client, resume);
      reply.raw.on('close', () => stream.close());
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          // Never cached or transformed (compressed, buffered) on the way: events must flow as written.
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // A stream is sent as it is written (the typed reply knows only the JSON error bodies).
          .send(stream.body as never)
      );
    });
  };
}
