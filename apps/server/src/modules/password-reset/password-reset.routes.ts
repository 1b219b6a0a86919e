import { FORGOT_PASSWORD_MESSAGE, operations, PASSWORD_RESET_MESSAGE } from '@tasklane/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SMALL_BODY_LIMIT_BYTES } from '../../http/json-body.js';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { createAdminResetLink, requestPasswordReset, resetPassword } from './password-reset.service.js';

/** Open to anyone, so their bodies are kept small: 413 past 8 KB, unread. */
const small = { bodyLimit: SMALL_BODY_LIMIT_BYTES };

/** Where reset links point: PUBLIC_URL, else the origin this request was sent to. */
function linkOrigin(ctx: ServiceContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Forgot password, reset password, what the sign-in screens offer, and an administrator's reset link. */
export function passwordResetRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, operations.auth.options, async () => ({
      success: true as const,
      data: { passwordResetByEmail: ctx.config.email !== undefined },
    }));

    route(
      app,
      operations.auth.forgotPassword,
      async (request) => {
        await requestPasswordReset(ctx, request.body, { ip: request.ip, origin: linkOrigin(ctx, request) });
        return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
      },
      small,
    );

    route(
      app,
      operations.auth.resetPassword,
      async (request) => {
        await resetPassword(ctx, request.body, request.ip);
        return { success: true as const, message: PASSWORD_RESET_MESSAGE };
      },
      small,
    );

    // Signed in only: its own scope, so the hook covers this route alone.
    await app.register(async (admin) => {
      admin.addHook('onRequest', requireUser(ctx));
      route(admin, operations.admin.createResetLink, async (request) => ({
        success: true as const,
        message: 'Reset link created. It works once, for one hour.',
        data: await createAdminResetLink(ctx, currentUser(request), request.params.id, linkOrigin(ctx, request)),
      }));
    });
  };
}
