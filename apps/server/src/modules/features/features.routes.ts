import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { createFeature, deleteFeature, getFeature, listFeatures, updateFeature } from './features.service.js';

export function featuresRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.features.list, async (request) => {
      const result = await listFeatures(ctx, currentUser(request), request.query);
      return { success: true as const, ...result, message: result.total ? 'Features fetched successfully' : 'No features found' };
    });

    route(app, operations.features.get, async (request) => ({
      success: true as const,
      message: 'Feature fetched successfully',
      data: await getFeature(ctx, currentUser(request), request.params.id, request.query.projectId),
    }));

    route(app, operations.features.create, async (request, reply) => {
      const data = await createFeature(ctx, currentUser(request), request.body);
      return reply.status(201).send({ success: true, message: 'Feature created successfully', data });
    });

    route(app, operations.features.update, async (request) => ({
      success: true as const,
      message: 'Feature updated successfully',
      data: await updateFeature(ctx, currentUser(request), request.params.id, request.body),
    }));

    route(app, operations.features.delete, async (request) => {
      const projectId = request.query.projectId ?? request.body?.projectId;
      await deleteFeature(ctx, currentUser(request), request.params.id, projectId);
      return { success: true as const, message: 'Feature deleted successfully' };
    });
  };
}
