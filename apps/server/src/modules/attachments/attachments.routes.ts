import multipart from '@fastify/multipart';
import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { addAttachments, listTaskAttachments, openAttachment, removeAttachment } from './attachments.service.js';
import { uploadPartsOf } from './multipart.js';

/** An uploaded HTML or SVG file opened from its URL must never run in the app's origin. */
export const DOWNLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

export function attachmentsRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));
    // Multipart parsing for these routes only: everywhere else a multipart body stays a 415.
    await app.register(multipart, { throwFileSizeLimit: true });
    // Any other body reaches the upload handler, which answers with the right 415.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    route(app, operations.attachments.limits, async () => {
      const { maxFileBytes, maxFiles } = ctx.config.uploads;
      return { success: true as const, message: 'Upload limits', data: { maxFileSize: maxFileBytes, maxFiles } };
    });

    route(app, operations.attachments.list, async (request) => {
      const data = await listTaskAttachments(ctx, currentUser(request), request.params.taskId);
      const { maxFileBytes, maxFiles } = ctx.config.uploads;
      return {
        success: true as const,
        message: data.length ? 'Attachments fetched successfully' : 'No attachments yet',
        data,
        limits: { maxFileSize: maxFileBytes, maxFiles },
      };
    });

    route(app, operations.attachments.upload, async (request, reply) => {
      const parts = uploadPartsOf(request, ctx.config.uploads);
      const data = await addAttachments(ctx, currentUser(request), request.params.taskId, parts);
      return reply.status(201).send({ success: true, message: 'Attachments added successfully', data });
    });

    route(app, operations.attachments.download, async (request, reply) => {
      const file = await openAttachment(ctx, currentUser(request), request.params.taskId, request.params.attachmentId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentDisposition(file.name))
        .header('content-security-policy', DOWNLOAD_CONTENT_SECURITY_POLICY)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        // A stream is sent as is (the typed reply knows only the JSON error bodies).
        .send(file.stream as never);
    });

    route(app, operations.attachments.delete, async (request) => {
      await removeAttachment(ctx, currentUser(request), request.params.taskId, request.params.attachmentId);
      return { success: true as const, message: 'Attachment removed successfully' };
    });
  };
}
