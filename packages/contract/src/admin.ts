import { z } from 'zod';
import { futureExpirySchema, idSchema, pagePaginationSchema, pageQuerySchema, queryIntSchema, searchQuerySchema } from './common.js';
import { userSchema } from './users.js';

/**
 * Who may register on the instance (issue 16): anyone (`open`), only holders of an invite link
 * (`invite`), or nobody but holders of an invite link (`closed`, where the register page says
 * registration is closed). Invites work in both `invite` and `closed`.
 */
export const registrationModes = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof registrationModes)[number];
export const registrationModeSchema = z.enum(registrationModes, { error: 'registration must be open, invite or closed' });

/** The messages a refused registration answers with (403), word for word. */
export const registrationRefusals = {
  closed: 'Registration is closed on this instance. Ask an administrator for an invite.',
  inviteNeeded: 'Registration needs an invite link from an administrator.',
  inviteUsed: 'This invite has already been used.',
  inviteExpired: 'This invite has expired.',
  inviteRevoked: 'This invite has been revoked. Ask an administrator for a new one.',
  inviteUnknown: 'This invite link is not valid. Ask an administrator for a new one.',
  inviteOtherEmail: 'This invite is for another email address.',
} as const;

/** The message a deactivated account gets at sign-in (403), once its password was right. */
export const DEACTIVATED_ACCOUNT_MESSAGE = 'This account has been deactivated. Ask an administrator.';

/** A user as the administrator's list shows them. */
export const adminUserSchema = userSchema
  .extend({
    lastSeenAt: z.string().nullable().describe('ISO timestamp of the last signed-in request (to the hour), or null'),
    isAdmin: z.boolean().describe('Administers the instance'),
    deactivated: z.boolean().describe('Cannot sign in; stays visible in history'),
    twoFactorEnabled: z.boolean().describe('Sign-in asks for a second step (TOTP)'),
  })
  .describe('User, as an administrator sees them');
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USERS_PAGE_LIMIT_DEFAULT = 20;

export const listAdminUsersQuerySchema = z.object({
  page: pageQuerySchema,
  limit: queryIntSchema('limit', 1, 100)
    .default(ADMIN_USERS_PAGE_LIMIT_DEFAULT)
    .describe(`Page size, 1 to 100 (default ${ADMIN_USERS_PAGE_LIMIT_DEFAULT})`),
  search: searchQuerySchema.describe('Words found in the full name, username or email (case-insensitive)'),
});
export type ListAdminUsersQuery = z.input<typeof listAdminUsersQuerySchema>;
export type ListAdminUsersData = z.output<typeof listAdminUsersQuerySchema>;

export const adminUsersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminUserSchema),
  total: z.number().describe('Users matching the search (deleted accounts are not listed)'),
  pagination: pagePaginationSchema,
  message: z.string(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserParamsSchema = z.object({ id: idSchema });

export const updateAdminUserBodySchema = z.object({
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional().describe('Make or remove an administrator'),
  deactivated: z.boolean({ error: 'deactivated must be true or false' }).optional().describe('Deactivate (ends every session) or reactivate'),
  twoFactorEnabled: z
    .literal(false, { error: 'twoFactorEnabled can only be false: two-factor sign-in is turned on by the person themselves' })
    .optional()
    .describe('false: turn off two-factor sign-in (its key and recovery codes go) for someone who lost both their authenticator and their recovery codes'),
});
export type UpdateAdminUserBody = z.input<typeof updateAdminUserBodySchema>;

export const adminUserResponseSchema = z.object({ success: z.literal(true), data: adminUserSchema, message: z.string() });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

export const instanceSettingsSchema = z.object({ registration: registrationModeSchema });
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;

export const updateInstanceSettingsBodySchema = z.object({ registration: registrationModeSchema });

export const instanceSettingsResponseSchema = z.object({ success: z.literal(true), data: instanceSettingsSchema, message: z.string() });
export type InstanceSettingsResponse = z.infer<typeof instanceSettingsResponseSchema>;

export const inviteStatuses = ['pending', 'used', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

export const inviteSchema = z
  .object({
    _id: z.string(),
    email: z.string().nullable().describe('The only email this invite registers, or null for anyone'),
    createdAt: z.string(),
    expiresAt: z.string().nullable().describe('ISO timestamp, or null: it never expires'),
    usedAt: z.string().nullable(),
    status: z.enum(inviteStatuses),
  })
  .describe('Invite (its token is shown once, when it is made)');
export type Invite = z.infer<typeof inviteSchema>;

export const invitesResponseSchema = z.object({ success: z.literal(true), data: z.array(inviteSchema), message: z.string() });
export type InvitesResponse = z.infer<typeof invitesResponseSchema>;

const expiresAtMessage = 'expiresAt must be a date in the future, such as 2030-01-31 or 2030-01-31T17:00:00Z';

export const createInviteBodySchema = z.object({
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email address')
    .transform((email) => (email ? email.toLowerCase() : null))
    .nullish()
    .transform((email) => email ?? null)
    .describe('Only this email may register with the invite; left out or empty: anyone'),
  expiresAt: futureExpirySchema(expiresAtMessage)
    .describe('When the invite stops working: a date (its end, UTC) or an ISO timestamp; left out: never'),
});
export type CreateInviteBody = z.input<typeof createInviteBodySchema>;
export type CreateInviteData = z.output<typeof createInviteBodySchema>;

export const createInviteResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ _id: z.string(), url: z.string().describe('<origin>/register?invite=<token>: shown this once only') }),
  message: z.string(),
});
export type CreateInviteResponse = z.infer<typeof createInviteResponseSchema>;

export const inviteParamsSchema = z.object({ id: idSchema });

export const instanceFactsSchema = z.object({
  version: z.string().describe("Tasklane's version (package.json)"),
  database: z.object({
    kind: z.enum(['embedded', 'postgres', 'pglite']).describe('embedded: the PostgreSQL the app runs itself in DATA_DIR; postgres: DATABASE_URL'),
    version: z.string().describe("The PostgreSQL server's version (server_version)"),
    description: z.string().describe('For people: "Embedded PostgreSQL 17.10" or "External PostgreSQL 15.8"'),
  }),
  counts: z.object({ users: z.number(), projects: z.number(), tasks: z.number() }),
  attachmentBytes: z.number().describe('Storage used by attachments, in bytes'),
});
export type InstanceFacts = z.infer<typeof instanceFactsSchema>;

export const instanceFactsResponseSchema = z.object({ success: z.literal(true), data: instanceFactsSchema, message: z.string() });
export type InstanceFactsResponse = z.infer<typeof instanceFactsResponseSchema>;

/** GET /auth/registration: what the register page shows before anyone types. */
export const registrationStatusQuerySchema = z.object({
  invite: z.string().max(200, 'invite must be at most 200 characters').optional().describe('An invite token, to learn whether it still works'),
});

export const registrationStatusSchema = z.object({
  registration: registrationModeSchema,
  invite: z
    .object({
      status: z.enum(['pending', 'used', 'expired', 'revoked', 'unknown']),
      email: z.string().nullable().describe('The email the invite is for, when it is for one'),
    })
    .optional()
    .describe('Only when an invite token was sent'),
});
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

export const registrationStatusResponseSchema = z.object({ success: z.literal(true), data: registrationStatusSchema });
export type RegistrationStatusResponse = z.infer<typeof registrationStatusResponseSchema>;
