import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { createRelation, deleteRelation, listRelations } from './relations.service.js';

/** A task's relations (issue 19): GET and POST /tasks/{id}/relations, DELETE /tasks/{id}/relations/{relationId}. */
export function relationsRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.relations.list, async (request) => ({
      success: true as const,
      message: 'Relations fetched successfully',
      data: await listRelations(ctx, currentUser(request), request.params.taskId),
    }));

    route(app, operations.relations.create, async (request, reply) => {
      const data = await createRelation(ctx, currentUser(request), request.params.taskId, request.body);
      return reply.status(201).send({ success: true, message: 'Relation added successfully', data });
    });

    route(app, operations.relations.delete, async (request) => {
      await deleteRelation(ctx, currentUser(request), request.params.taskId, request.params.relationId);
      return { success: true as const, message: 'Relation removed successfully' };
    });
  };
}
