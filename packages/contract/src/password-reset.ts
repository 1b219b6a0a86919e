import { z } from 'zod';
import { idSchema } from './common.js';
import { messageResponseSchema } from './errors.js';
import { emailSchema, passwordSchema } from './users.js';

/**
 * Password reset (issue 16): the forgot-password request, the reset itself, what the sign-in
 * screens need to know about it, and the link an administrator hands over.
 */

/** What POST /auth/forgot-password answers, whether or not the email has an account (no enumeration). */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, we sent a link to reset its password. It works for one hour.';
/** What POST /auth/reset-password answers when the password was changed. */
export const PASSWORD_RESET_MESSAGE = 'Your password was changed. Sign in with your new password.';
/** An unknown, used or expired reset token. */
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired. Ask for a new one.';

export const forgotPasswordBodySchema = z.object({
  email: emailSchema.describe('The email of the account whose password was forgotten'),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;
export type ForgotPasswordData = z.output<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: 'Token is required' })
    .min(1, 'Token is required')
    .max(200, INVALID_RESET_LINK_MESSAGE)
    .describe('The token of the reset link (its `token` query parameter)'),
  password: passwordSchema.describe('The new password (the registration rule: 8 to 128 characters)'),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** The reset form adds the confirmation, checked on the client only. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** GET /auth/options: what the sign-in screens offer on this instance (public). */
export const authOptionsSchema = z.object({
  passwordResetByEmail: z
    .boolean()
    .describe('Whether POST /auth/forgot-password emails a reset link (SMTP_URL is set); if not, an administrator makes one'),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;
export const authOptionsResponseSchema = z.object({ success: z.literal(true), data: authOptionsSchema });

export const resetLinkParamsSchema = z.object({ id: idSchema.describe('The user whose password the link resets') });

export const resetLinkResponseSchema = messageResponseSchema.extend({
  data: z.object({
    url: z.string().describe('The single-use reset link (one hour): PUBLIC_URL/reset-password?token=...'),
    expiresAt: z.string().describe('ISO timestamp after which the link no longer works'),
  }),
});
export type ResetLinkResponse = z.infer<typeof resetLinkResponseSchema>;
