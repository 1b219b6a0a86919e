import { errorResponseSchema, eventsQuerySchema } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentWith } from '../../http/docs.js';
import { currentUser, readSessionToken, requireUser } from '../../http/session.js';
import { hashSessionToken } from '../auth/tokens.js';
import type { ServiceContext } from '../context.js';
import type { EventHub } from './event-hub.js';
import { openEventStream, resumePointOf } from './events.service.js';

const STREAM_DESCRIPTION = [
  'Server-Sent Events. Each change you may see is a `message` whose `id:` is the event id and whose',
  'data is a JSON LiveEvent (type, ids, version, actor, origin; never content). `event: ready`',
  '(with the current id) follows the connection and any replay; `event: reset` means the missed',
  'events could not be replayed: refetch everything. A `: ping` comment comes every 25 s.',
].join(' ');

export function eventsRoutes(ctx: ServiceContext, hub: EventHub): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/events',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['events'],
          summary: 'Live events: a Server-Sent Events stream of the changes you may see (resume with Last-Event-ID)',
          querystring: eventsQuerySchema,
          response: { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
        },
        config: {
          swaggerTransform: documentWith((schema) => {
            schema.produces = ['text/event-stream'];
            (schema.response as Record<string, unknown>)[200] = { description: STREAM_DESCRIPTION, type: 'string' };
          }),
        },
      },
      async (request, reply) => {
        const header = request.headers['last-event-id'];
        const resume = resumePointOf(typeof header === 'string' && header !== '' ? header : request.query.lastEventId);
        const token = readSessionToken(request, ctx.config.cookieSecure)!;
        const client = { user: currentUser(request), sessionId: hashSessionToken(token), address: request.ip };
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
      },
    );
  };
}
