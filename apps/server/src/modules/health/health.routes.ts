import { healthResponseSchema } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../context.js';
import { checkHealth } from './health.service.js';

export function healthRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'Liveness and database check',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (request, reply) => {
        const isHealthy = await checkHealth(ctx, request.log);
        return reply.status(isHealthy ? 200 : 503).send({ status: isHealthy ? 'ok' : 'unavailable' });
      },
    );
  };
}
