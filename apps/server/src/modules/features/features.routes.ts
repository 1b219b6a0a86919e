import {
  createFeatureBodySchema,
  deleteFeatureBodySchema,
  deleteFeatureQuerySchema,
  errorResponseSchema,
  featureParamsSchema,
  featureQuerySchema,
  featureResponseSchema,
  featuresResponseSchema,
  listFeaturesQuerySchema,
  messageResponseSchema,
  updateFeatureBodySchema,
} from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { createFeature, deleteFeature, getFeature, listFeatures, updateFeature } from './features.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function featuresRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/features',
      {
        schema: {
          tags: ['features'],
          summary: "A page of a project's features, filtered and sorted (members)",
          querystring: listFeaturesQuerySchema,
          response: { 200: featuresResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await listFeatures(ctx, currentUser(request), request.query);
        return { success: true as const, ...result, message: result.total ? 'Features fetched successfully' : 'No features found' };
      },
    );

    app.get(
      '/features/:id',
      {
        schema: {
          tags: ['features'],
          summary: "One feature (members); projectId, when sent, must be the feature's project",
          params: featureParamsSchema,
          querystring: featureQuerySchema,
          response: { 200: featureResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Feature fetched successfully',
        data: await getFeature(ctx, currentUser(request), request.params.id, request.query.projectId),
      }),
    );

    app.post(
      '/features',
      {
        schema: {
          tags: ['features'],
          summary: 'Create a feature (ADMIN, MODERATOR)',
          body: createFeatureBodySchema,
          response: { 201: featureResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const data = await createFeature(ctx, currentUser(request), request.body);
        return reply.status(201).send({ success: true, message: 'Feature created successfully', data });
      },
    );

    app.put(
      '/features/:id',
      {
        schema: {
          tags: ['features'],
          summary: 'Edit a feature (ADMIN, MODERATOR); a stale version is 409',
          params: featureParamsSchema,
          body: updateFeatureBodySchema,
          response: { 200: featureResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Feature updated successfully',
        data: await updateFeature(ctx, currentUser(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/features/:id',
      {
        schema: {
          tags: ['features'],
          summary: 'Delete a feature with its tasks, their comments and history (ADMIN, MODERATOR)',
          params: featureParamsSchema,
          querystring: deleteFeatureQuerySchema,
          body: deleteFeatureBodySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const projectId = request.query.projectId ?? request.body?.projectId;
        await deleteFeature(ctx, currentUser(request), request.params.id, projectId);
        return { success: true as const, message: 'Feature deleted successfully' };
      },
    );
  };
}
