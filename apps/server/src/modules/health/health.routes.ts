import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import type { ServiceContext } from '../context.js';
import { checkHealth } from './health.service.js';

export function healthRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      operations.health.check,
      async (request, reply) => {
        const isHealthy = await checkHealth(ctx, request.log);
        return reply.status(isHealthy ? 200 : 503).send({ status: isHealthy ? 'ok' : 'unavailable' });
      },
      { logLevel: 'warn' },
    );
  };
}
