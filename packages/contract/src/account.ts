import { z } from 'zod';
import { idSchema } from './common.js';
import { isTimeZone, normalizeTimeZone } from './rules/time-zone.js';
import { emailSchema, fullNameSchema, listLayoutSchema, meSchema, passwordSchema, usernameSchema } from './users.js';

/*
 * The account's self-service (issue 16, "The account"): profile, avatar, password, sessions,
 * export and deletion, all under /api/v1/users/me.
 */

/** An IANA time zone name the server's Intl knows ('Europe/Paris'), in its usual spelling. */
export const timeZoneSchema = z
  .string({ error: 'Time zone must be a time zone name such as Europe/Paris' })
  .refine(isTimeZone, { message: 'Time zone must be a time zone name such as Europe/Paris' })
  .transform(normalizeTimeZone)
  .describe("An IANA time zone name, such as Europe/Paris or America/New_York");

/**
 * PUT /users/me: any of the profile's three, each checked as at registration, and the time zone
 * reminders are timed in (null clears it: UTC until the web app saves the browser's again, and a
 * client may send back the answer it read), and display preferences; a field left out stays as it is.
 */
export const updateProfileBodySchema = z.object({
  fullName: fullNameSchema.optional(),
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  timeZone: timeZoneSchema.nullable().optional(),
  preferences: z
    .object(
      {
        todosLayout: listLayoutSchema.optional(),
        tasksLayout: listLayoutSchema.optional(),
      },
      { error: 'Preferences must be an object' },
    )
    .optional()
    .describe('Display preferences to change (issue 18); one left out stays as it is, and the answer carries them all'),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
export type UpdateProfileData = z.output<typeof updateProfileBodySchema>;

export const meUpdatedResponseSchema = z.object({ success: z.literal(true), data: meSchema, message: z.string() });
export type MeUpdatedResponse = z.infer<typeof meUpdatedResponseSchema>;

/** The avatar upload's rules: one image, PNG, JPEG or WebP (by its bytes), at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];
/** The multipart field the web app sends the image in (any one file field is accepted). */
export const AVATAR_FIELD = 'avatar';

export const uploadAvatarBodyDoc = {
  type: 'object',
  required: [AVATAR_FIELD],
  properties: {
    [AVATAR_FIELD]: { type: 'string', format: 'binary', description: 'One PNG, JPEG or WebP image of at most 2 MB (any file field name is accepted)' },
  },
} as const;

export const avatarParamsSchema = z.object({ id: idSchema });
export const avatarQuerySchema = z.object({
  v: z.string().max(64, 'v must be at most 64 characters').optional().describe('The avatar version the user object names (cache busting)'),
});

const currentPasswordSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(128, `${label} must be at most 128 characters`);

/** PUT /users/me/password. */
export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema('Current password'),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** The message a new password among the most common ones gets (registration keeps the spec's rules). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose a less predictable one.';

/** One signed-in session of the account, as GET /users/me/sessions lists it. */
export const accountSessionSchema = z
  .object({
    _id: z.string().describe('An opaque id of the session (never its token): DELETE /users/me/sessions/{id} ends it'),
    createdAt: z.string().describe('ISO timestamp: when it signed in'),
    lastSeenAt: z.string().describe('ISO timestamp: its latest request (kept to the minute)'),
    clientIp: z.string().nullable().describe('The client address it signed in from'),
    browser: z.string().nullable().describe('Browser name and version, read from its User-Agent'),
    os: z.string().nullable().describe('Operating system, read from its User-Agent'),
    current: z.boolean().describe('Whether this is the session of the request'),
  })
  .describe('Session');
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ success: z.literal(true), data: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

export const sessionParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, 'Invalid session id').describe('A session id from GET /users/me/sessions'),
});

/** DELETE /users/me: the password confirms it. */
export const deleteAccountBodySchema = z.object({ password: currentPasswordSchema('Password') });
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** What a deleted account is called wherever its work stays (comments, history, assignee). */
export const DELETED_USER_NAME = 'Deleted user';

/** The profile form: the three fields, each as registration checks it. */
export const profileFormSchema = z.object({ fullName: fullNameSchema, username: usernameSchema, email: emailSchema });
export type ProfileForm = z.input<typeof profileFormSchema>;

/** The password form adds the confirmation, checked on the client only. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
