import { z } from 'zod';
import { currentApiTokenSchema } from './api-tokens.js';
import { messageResponseSchema } from './errors.js';

/** The simple pattern of SPEC.md section 5: text, at sign, text, dot, text. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const userSchema = z
  .object({
    _id: z.string().describe('User id'),
    username: z.string(),
    fullName: z.string(),
    email: z.string(),
    avatar: z.string().nullable().describe('Avatar image URL, null when none'),
    createdAt: z.string().describe('ISO timestamp'),
  })
  .describe('User');
export type User = z.infer<typeof userSchema>;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may only contain letters, numbers, dots, underscores and hyphens');

export const fullNameSchema = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(3, 'Full name must be at least 3 characters')
  .max(100, 'Full name must be at most 100 characters');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .regex(emailPattern, 'Invalid email address')
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const registerBodySchema = z.object({
  username: usernameSchema,
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
  inviteToken: z
    .string({ error: 'inviteToken must be text' })
    .trim()
    .max(200, 'inviteToken must be at most 200 characters')
    .optional()
    .transform((token) => (token ? token : undefined))
    .describe('The token of an invite link (/register?invite=...): needed when registration is by invite or closed'),
});
export type RegisterBody = z.input<typeof registerBodySchema>;
export type RegisterData = z.output<typeof registerBodySchema>;

/** The register form adds the confirmation, checked on the client only. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const loginBodySchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password must be at most 128 characters'),
});
export type LoginBody = z.input<typeof loginBodySchema>;
export type LoginData = z.output<typeof loginBodySchema>;

export const registerResponseSchema = messageResponseSchema.extend({ data: userSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  data: userSchema,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The signed-in user as GET /users/me shows them: the spec's user, and what only they see about their account. */
/** How the todos dashboard and /tasks lay out their items (issue 18): cards, or a compact list. */
export const listLayouts = ['cards', 'list'] as const;
export type ListLayout = (typeof listLayouts)[number];
export const listLayoutSchema = z.enum(listLayouts, { error: 'Layout must be cards or list' });

/** The person's display choices, remembered on the server so that every browser shows the same. */
export const userPreferencesSchema = z
  .object({
    todosLayout: listLayoutSchema.describe('The todos dashboard: cards (the default) or a compact list'),
    tasksLayout: listLayoutSchema.describe('/tasks (assigned tasks): cards (the default) or a compact list'),
  })
  .describe("The signed-in user's display preferences");
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
export const defaultUserPreferences: UserPreferences = { todosLayout: 'cards', tasksLayout: 'cards' };

export const meSchema = userSchema
  .extend({
    isAdmin: z.boolean().describe("Whether this account administers the instance (issue 16)"),
    twoFactorEnabled: z.boolean().describe('Whether sign-in asks for a second step (TOTP)'),
    timeZone: z
      .string()
      .nullable()
      .optional()
      .describe("The IANA time zone reminders are timed in (PUT /users/me sets it); null until chosen, and then UTC"),
    preferences: userPreferencesSchema.optional().describe('Display preferences (PUT /users/me sets them); every one has its default until chosen'),
  })
  .describe('The signed-in user');
export type Me = z.infer<typeof meSchema>;

export const meResponseSchema = z.object({
  success: z.literal(true),
  data: meSchema.extend({
    token: currentApiTokenSchema.optional().describe('Only for a request made with an API token (decision 038): which token it is'),
  }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * GET /users: without a parameter, the people who share a workspace or project with the caller;
 * with `email` or `username` (one of them), the one user with exactly that email or username,
 * whoever they are, or none: how the add-member picker finds a new colleague without a
 * directory of the whole instance.
 */
export const listUsersQuerySchema = z
  .object({
    email: emailSchema.optional().describe('Exact email (case-insensitive, as stored at registration)'),
    username: usernameSchema.optional().describe('Exact username (case-insensitive, as usernames are unique)'),
  })
  .refine((query) => query.email === undefined || query.username === undefined, {
    message: 'Give an email or a username, not both',
    path: ['username'],
  });
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;
export type ListUsersData = z.output<typeof listUsersQuerySchema>;

export const usersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(userSchema),
});
export type UsersResponse = z.infer<typeof usersResponseSchema>;

export const healthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
