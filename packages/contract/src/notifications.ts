import { z } from 'zod';
import { idSchema, pagePaginationSchema, queryBooleanSchema, queryIntSchema, pageQuerySchema } from './common.js';
import { messageResponseSchema } from './errors.js';

/**
 * What a notification is about (issue 17). DUE_SOON and OVERDUE are the due-date reminders (decision 027);
 * UNBLOCKED: the last unfinished task blocking one you watch was finished (issue 19, decision 034);
 * WEBHOOK_PAUSED: a webhook of a project you administer failed for a day and was paused (issue 20, decision 039).
 */
export const notificationKinds = ['ASSIGNED', 'UNASSIGNED', 'COMMENT', 'MENTION', 'STATUS_CHANGED', 'MEMBERSHIP', 'DUE_SOON', 'OVERDUE', 'UNBLOCKED', 'WEBHOOK_PAUSED'] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationKindSchema = z.enum(notificationKinds, {
  error: `kind must be one of ${notificationKinds.join(', ')}`,
});

/** The notifications page size unless asked for another. */
export const NOTIFICATIONS_PAGE_LIMIT_DEFAULT = 20;

export const notificationItemSchema = z
  .object({
    kind: notificationKindSchema,
    text: z.string().describe('What happened, in a sentence'),
    at: z.string().describe('When (ISO 8601)'),
  })
  .describe('One of the events a notification collects');

export const notificationSchema = z
  .object({
    _id: z.string(),
    kind: notificationKindSchema.describe('The kind of its newest event'),
    read: z.boolean(),
    createdAt: z.string().describe('When its newest event happened (a notification that collects another comes back to the top)'),
    actor: z
      .object({ _id: z.string(), fullName: z.string() })
      .nullable()
      .describe('Who did its newest event: null for a reminder (DUE_SOON, OVERDUE: nobody acted) and when their account is gone'),
    task: z.object({ _id: z.string(), title: z.string() }).optional(),
    todo: z.object({ _id: z.string(), title: z.string() }).optional().describe('The todo a reminder is about'),
    project: z.object({ _id: z.string(), name: z.string() }).optional(),
    feature: z.object({ _id: z.string(), title: z.string() }).optional(),
    text: z.string().describe('What happened: its events, newest first, one a line'),
    url: z.string().describe("The web app's page it is about (the task's, the todo's list, else the project's, else the projects list)"),
    items: z.array(notificationItemSchema).describe('The events it collects, newest first (several events on one task within a few minutes make one notification)'),
  })
  .describe('Notification');
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = z.object({
  page: pageQuerySchema,
  limit: queryIntSchema('limit', 1, 100)
    .default(NOTIFICATIONS_PAGE_LIMIT_DEFAULT)
    .describe(`Page size, 1 to 100 (default ${NOTIFICATIONS_PAGE_LIMIT_DEFAULT})`),
  unread: queryBooleanSchema.optional().describe('true: only unread ones'),
  kind: notificationKindSchema.optional().describe('Only this kind'),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

export const notificationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(notificationSchema).describe('Newest first'),
  total: z.number().describe('Notifications matching the filters'),
  pagination: pagePaginationSchema,
  message: z.string(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const unreadCountResponseSchema = messageResponseSchema.extend({ data: z.object({ count: z.number() }) });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const notificationParamsSchema = z.object({ notificationId: idSchema });

export const notificationResponseSchema = messageResponseSchema.extend({ data: notificationSchema });

export const readAllResponseSchema = messageResponseSchema.extend({
  data: z.object({ updated: z.number().describe('How many were unread') }),
});

export const watchResponseSchema = messageResponseSchema.extend({
  data: z.object({ watching: z.boolean().describe('Whether you are told about this task') }),
});
export type WatchResponse = z.infer<typeof watchResponseSchema>;
