import multipart from '@fastify/multipart';
import {
  attachmentLimitsResponseSchema,
  attachmentListResponseSchema,
  attachmentParamsSchema,
  attachmentsResponseSchema,
  errorResponseSchema,
  messageResponseSchema,
  taskParamsSchema,
  uploadAttachmentsBodyDoc,
} from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { documentWith } from '../../http/docs.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { addAttachments, listTaskAttachments, openAttachment, removeAttachment } from './attachments.service.js';
import { uploadPartsOf } from './multipart.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** An uploaded HTML or SVG file opened from its URL must never run in the app's origin. */
export const DOWNLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

export function attachmentsRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));
    // Multipart parsing for these routes only: everywhere else a multipart body stays a 415.
    await app.register(multipart, { throwFileSizeLimit: true });
    // Any other body reaches the upload handler, which answers with the right 415.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    app.get(
      '/attachments/limits',
      {
        schema: {
          tags: ['attachments'],
          summary: "This server's upload limits, for a form that picks files before its task exists (signed in)",
          response: { 200: attachmentLimitsResponseSchema, 401: errorResponseSchema },
        },
      },
      async () => {
        const { maxFileBytes, maxFiles } = ctx.config.uploads;
        return { success: true as const, message: 'Upload limits', data: { maxFileSize: maxFileBytes, maxFiles } };
      },
    );

    app.get(
      '/tasks/:taskId/attachments',
      {
        schema: {
          tags: ['attachments'],
          summary: "A task's attachments, oldest first, and the upload limits (members, VIEWER included)",
          params: taskParamsSchema,
          response: { 200: attachmentListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await listTaskAttachments(ctx, currentUser(request), request.params.taskId);
        const { maxFileBytes, maxFiles } = ctx.config.uploads;
        return {
          success: true as const,
          message: data.length ? 'Attachments fetched successfully' : 'No attachments yet',
          data,
          limits: { maxFileSize: maxFileBytes, maxFiles },
        };
      },
    );

    app.post(
      '/tasks/:taskId/attachments',
      {
        schema: {
          tags: ['attachments'],
          summary: 'Attach files to a task: multipart/form-data, `files` (one or more) and an optional `description` (MEMBER, MODERATOR, ADMIN)',
          consumes: ['multipart/form-data'],
          params: taskParamsSchema,
          response: { 201: attachmentsResponseSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
        },
        config: {
          swaggerTransform: documentWith((schema) => {
            schema.body = uploadAttachmentsBodyDoc;
          }),
        },
      },
      async (request, reply) => {
        const parts = uploadPartsOf(request, ctx.config.uploads);
        const data = await addAttachments(ctx, currentUser(request), request.params.taskId, parts);
        return reply.status(201).send({ success: true, message: 'Attachments added successfully', data });
      },
    );

    app.get(
      '/tasks/:taskId/attachments/:attachmentId',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['attachments'],
          summary: 'Download an attachment under its name, as its stored type (members, VIEWER included)',
          params: attachmentParamsSchema,
          response: errors,
        },
        config: {
          swaggerTransform: documentWith((schema) => {
            schema.produces = ['application/octet-stream'];
            (schema.response as Record<string, unknown>)[200] = {
              description: 'The file, with Content-Disposition: attachment and its stored Content-Type',
              type: 'string',
              format: 'binary',
            };
          }),
        },
      },
      async (request, reply) => {
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
      },
    );

    app.delete(
      '/tasks/:taskId/attachments/:attachmentId',
      {
        schema: {
          tags: ['attachments'],
          summary: 'Remove an attachment and its file (MEMBER, MODERATOR, ADMIN)',
          params: attachmentParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await removeAttachment(ctx, currentUser(request), request.params.taskId, request.params.attachmentId);
        return { success: true as const, message: 'Attachment removed successfully' };
      },
    );
  };
}
