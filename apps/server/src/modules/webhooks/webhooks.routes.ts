import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import * as service from './webhooks.service.js';

/** A project's outgoing webhooks (issue 20, decision 039): project ADMINs only. */
export function webhooksRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.webhooks.list, async (request) => ({
      success: true as const,
      message: 'Webhooks fetched successfully',
      data: await service.listWebhooks(ctx, currentUser(request), request.params.projectId),
    }));

    route(app, operations.webhooks.create, async (request, reply) => {
      const data = await service.createWebhook(ctx, currentUser(request), request.params.projectId, request.body);
      return reply.status(201).send({ success: true, message: 'Webhook added successfully', data });
    });

    route(app, operations.webhooks.update, async (request) => ({
      success: true as const,
      message: 'Webhook updated successfully',
      data: await service.updateWebhook(ctx, currentUser(request), request.params.projectId, request.params.webhookId, request.body),
    }));

    route(app, operations.webhooks.delete, async (request) => {
      await service.deleteWebhook(ctx, currentUser(request), request.params.projectId, request.params.webhookId);
      return { success: true as const, message: 'Webhook deleted successfully' };
    });

    route(app, operations.webhooks.test, async (request, reply) => {
      const data = await service.testWebhook(ctx, currentUser(request), request.params.projectId, request.params.webhookId);
      return reply.status(202).send({ success: true, message: 'Test delivery queued', data });
    });

    route(app, operations.webhooks.rotateSecret, async (request) => ({
      success: true as const,
      message: 'Webhook secret rotated successfully',
      data: await service.rotateWebhookSecret(ctx, currentUser(request), request.params.projectId, request.params.webhookId),
    }));

    route(app, operations.webhooks.listDeliveries, async (request) => ({
      success: true as const,
      message: 'Deliveries fetched successfully',
      data: await service.listWebhookDeliveries(ctx, currentUser(request), request.params.projectId, request.params.webhookId),
    }));

    route(app, operations.webhooks.redeliver, async (request, reply) => {
      const { projectId, webhookId, deliveryId } = request.params;
      const data = await service.redeliverWebhookDelivery(ctx, currentUser(request), projectId, webhookId, deliveryId);
      return reply.status(202).send({ success: true, message: 'Redelivery queued', data });
    });
  };
}
