import { z } from 'zod';
import { futureExpirySchema, idSchema } from './common.js';

/*
 * Personal API tokens (issue 20, decision 038): a script calls the API with
 * `Authorization: Bearer tl_...` and acts as the person who made the token.
 */

/** `read`: GET and HEAD only (any other method is 403); `read-write`: everything the person may do. */
export const apiTokenScopes = ['read', 'read-write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];
export const apiTokenScopeSchema = z.enum(apiTokenScopes, { error: 'Scope must be read or read-write' });

/** Every token starts with this, so that people, log scrubbers and secret scanners can tell one. */
export const API_TOKEN_PREFIX = 'tl_';
/** A token as issued: the prefix and 32 random bytes in base64url (43 characters). */
export const API_TOKEN_PATTERN = /^tl_[A-Za-z0-9_-]{43}$/;

/** The refusals a token meets, said the same way wherever they are raised. */
export const apiTokenRefusals = {
  readOnly: 'This API token is read-only: it cannot change anything. Use a read-write token.',
  sessionOnly: 'API tokens can be managed only when signed in, not with an API token.',
  invalid: 'Invalid, expired or revoked API token',
} as const;

export const API_TOKEN_NAME_MAX = 100;

const expiresAtMessage = 'Expiry must be a date in the future, such as 2030-01-31 or 2030-01-31T17:00:00Z';

export const createApiTokenBodySchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`)
    .describe('What the token is for, such as "Backup script": shown in the tokens list'),
  scope: apiTokenScopeSchema.describe('read: GET requests only; read-write: every request the person may make'),
  expiresAt: futureExpirySchema(expiresAtMessage)
    .describe('When the token stops working: a date (its end, UTC) or an ISO timestamp; left out, null or empty: never'),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;
export type CreateApiTokenData = z.output<typeof createApiTokenBodySchema>;

export const apiTokenSchema = z
  .object({
    _id: z.string().describe('Token id (not the secret)'),
    name: z.string(),
    scope: apiTokenScopeSchema,
    createdAt: z.string().describe('ISO timestamp'),
    expiresAt: z.string().nullable().describe('ISO timestamp after which the token is refused; null: never'),
    lastUsedAt: z.string().nullable().describe('When a request last used it (to the minute); null: never used'),
  })
  .describe('API token (its secret is shown once, when it is made)');
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = z.object({ success: z.literal(true), data: z.array(apiTokenSchema), message: z.string() });
export type ApiTokensResponse = z.infer<typeof apiTokensResponseSchema>;

export const createdApiTokenSchema = apiTokenSchema
  .extend({
    token: z.string().describe('The secret, `tl_` and 43 characters: send it as `Authorization: Bearer <token>`. Shown this once only'),
  })
  .describe('The new API token, with its secret');
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const createApiTokenResponseSchema = z.object({ success: z.literal(true), data: createdApiTokenSchema, message: z.string() });
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;

export const apiTokenParamsSchema = z.object({ id: idSchema });

/** GET /users/me through a token: which token the request carries (absent for a signed-in browser). */
export const currentApiTokenSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    scope: apiTokenScopeSchema,
    expiresAt: z.string().nullable(),
  })
  .describe('The API token this request was made with');
export type CurrentApiToken = z.infer<typeof currentApiTokenSchema>;

/**
 * The settings page's form for a new token: the body's name and scope, and the expiry as a date
 * input gives it ('' for never; the web app sends the end of that day where the person is).
 */
export const createApiTokenFormSchema = z.object({
  name: createApiTokenBodySchema.shape.name,
  scope: apiTokenScopeSchema,
  expiresOn: z.string().regex(/^$|^\d{4}-\d{2}-\d{2}$/, 'Expiry must be a date'),
});
export type CreateApiTokenForm = z.input<typeof createApiTokenFormSchema>;
