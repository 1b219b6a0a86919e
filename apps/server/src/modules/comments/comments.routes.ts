import {
  commentBodySchema,
  commentResponseSchema,
  commentsResponseSchema,
  errorResponseSchema,
  listCommentsQuerySchema,
  taskParamsSchema,
} from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { addComment, listComments } from './comments.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function commentsRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/tasks/:taskId/comments',
      {
        schema: {
          tags: ['comments'],
          summary: "A task's comments, oldest first, with their authors (members, VIEWER included)",
          params: taskParamsSchema,
          querystring: listCommentsQuerySchema,
          response: { 200: commentsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await listComments(ctx, currentUser(request), request.params.taskId, request.query);
        return { success: true as const, ...result, message: result.total ? 'Comments fetched successfully' : 'No comments yet' };
      },
    );

    app.post(
      '/tasks/:taskId/comments',
      {
        schema: {
          tags: ['comments'],
          summary: 'Comment on a task (members, VIEWER included)',
          params: taskParamsSchema,
          body: commentBodySchema,
          response: { 201: commentResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const data = await addComment(ctx, currentUser(request), request.params.taskId, request.body.comment);
        return reply.status(201).send({ success: true, message: 'Comment added successfully', data });
      },
    );
  };
}
