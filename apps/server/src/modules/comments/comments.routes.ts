import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { addComment, editComment, listComments, removeComment } from './comments.service.js';

export function commentsRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.comments.list, async (request) => {
      const result = await listComments(ctx, currentUser(request), request.params.taskId, request.query);
      return { success: true as const, ...result, message: result.total ? 'Comments fetched successfully' : 'No comments yet' };
    });

    route(app, operations.comments.create, async (request, reply) => {
      const data = await addComment(ctx, currentUser(request), request.params.taskId, request.body.comment);
      return reply.status(201).send({ success: true, message: 'Comment added successfully', data });
    });

    route(app, operations.comments.update, async (request) => {
      const { taskId, commentId } = request.params;
      const data = await editComment(ctx, currentUser(request), taskId, commentId, request.body.comment);
      return { success: true as const, message: 'Comment updated successfully', data };
    });

    route(app, operations.comments.delete, async (request) => {
      await removeComment(ctx, currentUser(request), request.params.taskId, request.params.commentId);
      return { success: true as const, message: 'Comment deleted successfully' };
    });
  };
}
