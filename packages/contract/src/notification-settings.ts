import { z } from 'zod';
import { messageResponseSchema } from './errors.js';
import { notificationKinds, notificationKindSchema, type NotificationKind } from './notifications.js';

/**
 * How each kind of notification reaches a person (issue 17, decision 026): in the app only, or
 * also by email, at once (after a short quiet spell) or in one digest an hour.
 */
export const notificationDeliveries = ['IN_APP', 'EMAIL', 'DIGEST'] as const;
export type NotificationDelivery = (typeof notificationDeliveries)[number];
export const notificationDeliverySchema = z.enum(notificationDeliveries, {
  error: `delivery must be one of ${notificationDeliveries.join(', ')}`,
});

/**
 * What applies to a kind nobody chose for: email at once for what asks something of you (an
 * assignment, a mention, a due date, a project you joined); the hourly digest for the chatter of
 * tasks you watch (comments, status changes) and for being taken off a task.
 */
export const DEFAULT_NOTIFICATION_DELIVERY: Readonly<Record<NotificationKind, NotificationDelivery>> = {
  ASSIGNED: 'EMAIL',
  UNASSIGNED: 'DIGEST',
  COMMENT: 'DIGEST',
  MENTION: 'EMAIL',
  STATUS_CHANGED: 'DIGEST',
  MEMBERSHIP: 'EMAIL',
  DUE_SOON: 'EMAIL',
  OVERDUE: 'EMAIL',
  UNBLOCKED: 'DIGEST',
  WEBHOOK_PAUSED: 'EMAIL',
};

const deliveryByKindShape = Object.fromEntries(notificationKinds.map((kind) => [kind, notificationDeliverySchema])) as Record<
  NotificationKind,
  typeof notificationDeliverySchema
>;

export const notificationSettingsSchema = z.object({
  emailAvailable: z.boolean().describe('Whether this instance sends email (SMTP_URL is set); when false, every kind is in the app only'),
  kinds: z.object(deliveryByKindShape).describe('Each kind: IN_APP, EMAIL (at once) or DIGEST (one email an hour)'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsResponseSchema = messageResponseSchema.extend({ data: notificationSettingsSchema });
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;

export const updateNotificationSettingsBodySchema = z.object({
  kinds: z
    .strictObject(
      Object.fromEntries(notificationKinds.map((kind) => [kind, notificationDeliverySchema.optional()])) as Record<
        NotificationKind,
        z.ZodOptional<typeof notificationDeliverySchema>
      >,
      {
        error: (issue) => {
          if (issue.code === 'unrecognized_keys') return `kinds may only name ${notificationKinds.join(', ')}`;
          return issue.input === undefined ? 'kinds is required' : 'kinds must be an object';
        },
      },
    )
    .describe('The kinds to change (the others keep their setting)'),
});
export type UpdateNotificationSettingsBody = z.input<typeof updateNotificationSettingsBodySchema>;

/** An unsubscribe link's token (its `token` query parameter). */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(300, 'This unsubscribe link is invalid').describe("The token of the email's unsubscribe link"),
});

/** What an unsubscribe link turns off. */
export const unsubscribeInfoSchema = z.object({
  kinds: z.array(notificationKindSchema).describe('The kinds whose email the link turns off'),
  emailedKinds: z.array(notificationKindSchema).describe('Those of them still emailed now (empty: already off)'),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
export const unsubscribeResponseSchema = messageResponseSchema.extend({ data: unsubscribeInfoSchema });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** A forged, damaged or unknown unsubscribe token. */
export const INVALID_UNSUBSCRIBE_LINK_MESSAGE = 'This unsubscribe link is invalid. Change your email settings in Settings instead.';

/** Each kind in words, as the settings screen, the unsubscribe page and the emails name it. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  ASSIGNED: 'Assigned to me',
  UNASSIGNED: 'Unassigned from a task',
  COMMENT: 'Comments on tasks I watch',
  MENTION: 'Mentions of me',
  STATUS_CHANGED: 'Status changes on tasks I watch',
  MEMBERSHIP: 'Added to, removed from or role changed in a project',
  DUE_SOON: 'My tasks due soon',
  OVERDUE: 'My overdue tasks',
  UNBLOCKED: 'Tasks I watch no longer blocked',
  WEBHOOK_PAUSED: 'Webhooks of my projects paused after failing',
};

/** Each delivery in words. */
export const NOTIFICATION_DELIVERY_LABELS: Readonly<Record<NotificationDelivery, string>> = {
  IN_APP: 'In the app only',
  EMAIL: 'In the app and by email at once',
  DIGEST: 'In the app and in an hourly email digest',
};
