import { z } from 'zod';
import { idSchema } from './common.js';
import { messageResponseSchema } from './errors.js';

/**
 * Outgoing webhooks (issue 20, decision 039): a project's ADMINs name a URL and the events it
 * hears; each event is POSTed to it as JSON, signed with the webhook's secret.
 */

/** The events a webhook may hear, named as the live event stream names them. */
export const webhookEventTypes = [
  'task.created',
  'task.updated',
  'task.moved',
  'task.deleted',
  'comment.created',
  'member.added',
  'member.removed',
  'feature.created',
  'feature.updated',
  'feature.deleted',
  'attachment.added',
  'attachment.removed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event of a delivery "Send test" makes: nothing changed, the receiver checks its setup. */
export const WEBHOOK_PING_EVENT = 'ping';

/** The headers each delivery carries. */
export const WEBHOOK_HEADERS = {
  event: 'X-Tasklane-Event',
  delivery: 'X-Tasklane-Delivery',
  signature: 'X-Tasklane-Signature-256',
} as const;

/** Deliveries each webhook keeps (the newest); older ones go. */
export const WEBHOOK_DELIVERIES_KEPT = 100;

export const webhookEventTypeSchema = z.enum(webhookEventTypes, {
  error: `events must each be one of ${webhookEventTypes.join(', ')}`,
});

const WEBHOOK_URL_MAX = 2000;

/** An http(s) URL with a host; where it may point (no private address) the server decides. */
export const webhookUrlSchema = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_URL_MAX, `URL must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'URL must be an http:// or https:// address such as https://example.com/hooks/tasklane')
  .describe('Where deliveries are POSTed: an http(s) URL that is not a private, loopback or link-local address');

export const webhookEventsSchema = z
  .array(webhookEventTypeSchema, { error: 'events must be a list of event names' })
  .min(1, 'Choose at least one event')
  .transform((events) => webhookEventTypes.filter((type) => events.includes(type)))
  .describe(`The events to deliver, at least one of: ${webhookEventTypes.join(', ')}`);

export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  active: z.boolean({ error: 'active must be true or false' }).optional().describe('false: added paused (default true)'),
});
export type CreateWebhookData = z.output<typeof createWebhookBodySchema>;
export type CreateWebhookInput = z.input<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z.object({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  active: z
    .boolean({ error: 'active must be true or false' })
    .optional()
    .describe('false pauses it (nothing is recorded for it meanwhile); true resumes it and forgets a failing streak'),
});
export type UpdateWebhookData = z.output<typeof updateWebhookBodySchema>;
export type UpdateWebhookInput = z.input<typeof updateWebhookBodySchema>;

export const webhookPausedReasons = ['FAILING'] as const;

export const webhookSchema = z
  .object({
    _id: z.string(),
    projectId: z.string(),
    url: z.string(),
    events: z.array(webhookEventTypeSchema),
    active: z.boolean().describe('false: paused (by an admin, or after failing for a day)'),
    pausedReason: z.enum(webhookPausedReasons).nullable().describe('FAILING: paused by the server after its deliveries failed for a day'),
    failingSince: z.string().nullable().describe('When its deliveries started failing without a success since (ISO 8601), else null'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Webhook');
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema
  .extend({
    secret: z.string().describe('The signing secret: shown this once (and again only by rotating it)'),
  })
  .describe('Webhook with its secret');
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliveryStatuses = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookDeliverySchema = z
  .object({
    _id: z.string().describe('The delivery id (the X-Tasklane-Delivery header and the payload\'s deliveryId)'),
    webhookId: z.string(),
    event: z.string().describe('The event name, or ping for a test'),
    status: z.enum(webhookDeliveryStatuses).describe('PENDING: not yet delivered (being retried); SUCCEEDED: answered 2xx; FAILED: given up on'),
    attempts: z.number().int(),
    responseCode: z.number().int().nullable().describe("The receiver's last HTTP status, null when it never answered"),
    durationMs: z.number().int().nullable().describe('How long the last attempt took'),
    error: z.string().nullable().describe('Why the last attempt failed'),
    redeliveryOf: z.string().nullable().describe('The delivery this one sends again'),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable().describe('When it is tried next (PENDING only)'),
  })
  .describe('Webhook delivery');
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookParamsSchema = z.object({ projectId: idSchema, webhookId: idSchema });
export const webhookDeliveryParamsSchema = webhookParamsSchema.extend({ deliveryId: idSchema });

export const webhooksResponseSchema = messageResponseSchema.extend({ data: z.array(webhookSchema).describe('Oldest first') });
export type WebhooksResponse = z.infer<typeof webhooksResponseSchema>;
export const webhookResponseSchema = messageResponseSchema.extend({ data: webhookSchema });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;
export const webhookCreatedResponseSchema = messageResponseSchema.extend({ data: webhookWithSecretSchema });
export type WebhookCreatedResponse = z.infer<typeof webhookCreatedResponseSchema>;
export const webhookDeliveriesResponseSchema = messageResponseSchema.extend({
  data: z.array(webhookDeliverySchema).describe(`Newest first, at most ${WEBHOOK_DELIVERIES_KEPT}`),
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;
export const webhookDeliveryResponseSchema = messageResponseSchema.extend({ data: webhookDeliverySchema });
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponseSchema>;
