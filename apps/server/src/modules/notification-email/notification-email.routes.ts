import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SMALL_BODY_LIMIT_BYTES } from '../../http/json-body.js';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { describeUnsubscribe, getNotificationSettings, unsubscribe, updateNotificationSettings } from './notification-email.service.js';

/** GET and PUT /users/me/notification-settings (signed in). */
export function notificationSettingsRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.notificationSettings.get, async (request) => ({
      success: true as const,
      data: await getNotificationSettings(ctx, currentUser(request)),
      message: 'Notification settings fetched',
    }));

    route(app, operations.notificationSettings.update, async (request) => ({
      success: true as const,
      data: await updateNotificationSettings(ctx, currentUser(request), request.body),
      message: 'Notification settings saved',
    }));
  };
}

/** The path of the one-click unsubscribe POST: the origin check lets it through (see http/origin-check.ts). */
export const UNSUBSCRIBE_PATH = operations.notificationSettings.unsubscribe.path;

/**
 * The unsubscribe link (no session: its token is the authority). GET describes, POST acts: a
 * mail provider POSTs `List-Unsubscribe=One-Click` as a form (RFC 8058), the web page an empty body.
 */
export function unsubscribeRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this scope reads forms; the form's one field says nothing the token does not.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: SMALL_BODY_LIMIT_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    route(app, operations.notificationSettings.unsubscribeInfo, async (request) => {
      const data = await describeUnsubscribe(ctx, request.query.token);
      return {
        success: true as const,
        data,
        message: data.emailedKinds.length > 0 ? 'This link turns these emails off' : 'These emails are already off',
      };
    });

    route(
      app,
      operations.notificationSettings.unsubscribe,
      async (request) => ({
        success: true as const,
        data: await unsubscribe(ctx, request.query.token),
        message: 'You will no longer get these emails',
      }),
      { bodyLimit: SMALL_BODY_LIMIT_BYTES },
    );
  };
}
