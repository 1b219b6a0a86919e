import multipart from '@fastify/multipart';
import { operations } from '@tasklane/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { route } from '../../http/operation-route.js';
import { clearSessionCookie, currentUser, readSessionToken, requireUser } from '../../http/session.js';
import { hashSessionToken } from '../auth/tokens.js';
import type { ServiceContext } from '../context.js';
import { exportFileName, streamAccountExport } from './account-export.js';
import {
  changePassword,
  deleteAccount,
  endOtherSessions,
  endSession,
  listSessions,
  openAvatar,
  removeAvatar,
  setAvatar,
  updateProfile,
} from './account.service.js';
import { readAvatarUpload } from './avatar-upload.js';

/** An image served from the app's origin must never run as a document. */
const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

export function accountRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  /**
   * The stored key of the request's own session (it passed requireUser, so it has one), or
   * undefined for a request made with an API token, which is no session (decision 038).
   */
  const currentSessionId = (request: FastifyRequest) => {
    if (request.apiToken) return undefined;
    const token = readSessionToken(request, ctx.config.cookieSecure);
    return token ? hashSessionToken(token) : undefined;
  };

  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.account.updateProfile, async (request) => ({
      success: true as const,
      data: await updateProfile(ctx, currentUser(request), request.body),
      message: 'Profile updated',
    }));

    route(app, operations.account.deleteAvatar, async (request) => ({
      success: true as const,
      data: await removeAvatar(ctx, currentUser(request)),
      message: 'Avatar removed',
    }));

    route(app, operations.account.avatar, async (request, reply) => {
      const file = await openAvatar(ctx, request.params.id);
      // The user object's URL names the version: that one may be kept for good, any other not.
      const isCurrent = request.query.v === file.version;
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-security-policy', IMAGE_CONTENT_SECURITY_POLICY)
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${file.version}"`)
        .header('cache-control', isCurrent ? 'private, max-age=31536000, immutable' : 'private, no-cache')
        .send(file.stream as never);
    });

    route(app, operations.account.changePassword, async (request) => {
      await changePassword(ctx, currentUser(request), currentSessionId(request), request.body);
      return { success: true as const, message: 'Password changed. Your other sessions have been signed out.' };
    });

    route(app, operations.account.listSessions, async (request) => ({
      success: true as const,
      data: await listSessions(ctx, currentUser(request), currentSessionId(request)),
    }));

    route(app, operations.account.endSession, async (request, reply) => {
      const ended = await endSession(ctx, currentUser(request), request.params.id);
      const current = currentSessionId(request);
      if (current && ended.includes(current)) clearSessionCookie(reply, ctx.config.cookieSecure);
      return { success: true as const, message: 'Session ended' };
    });

    route(app, operations.account.endOtherSessions, async (request) => {
      const count = await endOtherSessions(ctx, currentUser(request), currentSessionId(request));
      return { success: true as const, message: count === 1 ? '1 other session ended' : `${count} other sessions ended` };
    });

    route(app, operations.account.exportData, async (request, reply) => {
      const user = currentUser(request);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachmentDisposition(exportFileName(user)))
        .header('cache-control', 'no-store')
        .send(streamAccountExport(ctx.db, user) as never);
    });

    route(app, operations.account.deleteAccount, async (request, reply) => {
      await deleteAccount(ctx, currentUser(request), request.body.password);
      clearSessionCookie(reply, ctx.config.cookieSecure);
      return { success: true as const, message: 'Your account has been deleted' };
    });

    // The avatar upload in a scope of its own: multipart is parsed there only, and any other
    // body reaches its handler, which answers with the right 415.
    await app.register(async (upload) => {
      await upload.register(multipart, { throwFileSizeLimit: true });
      upload.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      route(upload, operations.account.uploadAvatar, async (request) => ({
        success: true as const,
        data: await setAvatar(ctx, currentUser(request), await readAvatarUpload(request)),
        message: 'Avatar updated',
      }));
    });
  };
}
