import { createHash } from 'node:crypto';
import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../http/errors.js';
import { route } from '../../http/operation-route.js';
import { publicOrigin } from '../../http/public-origin.js';
import { RequestThrottle } from '../../http/request-throttle.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { feedTokenOf, getCalendarFeed, renderCalendarFeed, resetCalendarFeed } from './calendar-feed.service.js';

/** GET /users/me/calendar-feed and POST /users/me/calendar-feed/reset (signed in). */
export function calendarFeedRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.calendarFeed.get, async (request) => ({
      success: true as const,
      data: await getCalendarFeed(ctx, currentUser(request), publicOrigin(ctx.config, request)),
      message: 'Calendar feed fetched',
    }));

    route(app, operations.calendarFeed.reset, async (request) => ({
      success: true as const,
      data: await resetCalendarFeed(ctx, currentUser(request), publicOrigin(ctx.config, request)),
      message: 'Calendar feed reset: the old URL no longer works',
    }));
  };
}

/**
 * How often one feed may be read: 60 times an hour, refilled evenly. Calendar apps poll every
 * few minutes at most (the feed asks for hourly); more is a script gone wrong, and each read
 * costs three queries and the whole document. In memory per process, like the API throttle.
 */
const FEED_READS_PER_HOUR = 60;

/**
 * GET /calendar/{token}.ics: no session (a calendar app has no cookie; its token is the
 * authority), so no requireUser hook here, and no origin check applies (a GET changes nothing).
 * Answered with an ETag: an unchanged feed is a 304 with no body.
 */
export function calendarFeedFileRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const throttle = new RequestThrottle({ perIp: FEED_READS_PER_HOUR, windowMs: 60 * 60 * 1000, maxTracked: 10_000 });

    route(app, operations.calendarFeed.feed, async (request, reply) => {
      const token = feedTokenOf(request.params.file);
      const wait = token ? throttle.take(token) : 0;
      if (wait > 0) throw tooManyRequests('This calendar feed is read too often. Please try again later.', wait);
      const text = await renderCalendarFeed(ctx, request.params.file, publicOrigin(ctx.config, request));
      const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      // A raw answer: the contract types JSON bodies only.
      if (request.headers['if-none-match'] === etag) return reply.code(304 as never).send(undefined as never);
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="tasklane.ics"').send(text as never);
    });
  };
}
