import { z } from 'zod';
import { messageResponseSchema } from './errors.js';
import { loginResponseSchema } from './users.js';

/** A six-digit code from an authenticator app (spaces, as some apps show "123 456", are dropped). */
export const totpCodeSchema = z
  .string({ error: 'Code is required' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'))
  .describe('The current 6-digit code of the authenticator app');

/** A one-time recovery code as shown at enrolment (`xxxx-xxxx-xx`); case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: 'Recovery code is required' })
  .transform((code) => code.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter a recovery code like xxxx-xxxx-xx'))
  .describe('One of the ten recovery codes given at enrolment');

export const twoFactorEnrolmentSchema = z
  .object({
    secret: z.string().describe('The new TOTP secret in base32, for typing into an authenticator app'),
    otpauthUrl: z.string().describe('otpauth://totp/... URL (issuer Tasklane, SHA-1, 6 digits, 30 s) for a QR code'),
  })
  .describe('A pending two-factor enrolment');
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorEnrolmentResponseSchema = messageResponseSchema.extend({ data: twoFactorEnrolmentSchema });
export type TwoFactorEnrolmentResponse = z.infer<typeof twoFactorEnrolmentResponseSchema>;

export const confirmTwoFactorBodySchema = z.object({ code: totpCodeSchema });
export type ConfirmTwoFactorBody = z.input<typeof confirmTwoFactorBodySchema>;

export const recoveryCodesResponseSchema = messageResponseSchema.extend({
  data: z.object({
    recoveryCodes: z.array(z.string()).describe('Ten one-time recovery codes, shown this once; each signs in once in place of a code'),
  }),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const disableTwoFactorBodySchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password must be at most 128 characters')
    .describe("The account's password"),
});
export type DisableTwoFactorBody = z.input<typeof disableTwoFactorBodySchema>;

/** The second step of a sign-in: a code from the app, or one of the recovery codes (one of the two). */
export const loginSecondStepBodySchema = z
  .object({
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Enter the code from your authenticator app, or a recovery code',
    path: ['code'],
  });
export type LoginSecondStepBody = z.input<typeof loginSecondStepBodySchema>;
export type LoginSecondStepData = z.output<typeof loginSecondStepBodySchema>;

/** What POST /auth/login answers for an account with two-factor sign-in: no session yet. */
export const loginChallengeResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({ twoFactorRequired: z.literal(true) }),
    message: z.string(),
  })
  .describe('The password was right; the second step (POST /auth/login/2fa) completes the sign-in within 5 minutes');
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponseSchema>;

/** POST /auth/login's answer: the spec's (signed in), or the challenge of a two-factor account. */
export const loginAnswerSchema = z.union([loginResponseSchema, loginChallengeResponseSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
