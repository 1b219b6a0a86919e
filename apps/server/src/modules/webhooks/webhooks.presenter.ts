import type { Webhook, WebhookDelivery, WebhookEventType } from '@tasklane/contract';
import type { DeliveryRow, WebhookRow } from './webhooks.repo.js';

export function presentWebhook(row: WebhookRow): Webhook {
  return {
    _id: row.id,
    projectId: row.projectId,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    pausedReason: row.pausedReason,
    failingSince: row.failingSince ? row.failingSince.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    webhookId: row.webhookId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.responseCode,
    durationMs: row.durationMs,
    error: row.lastError,
    redeliveryOf: row.redeliveryOf,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt ? row.lastAttemptAt.toISOString() : null,
    nextAttemptAt: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
  };
}
