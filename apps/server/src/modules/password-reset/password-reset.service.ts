import { isCommonPassword } from '../account/common-passwords.js';
import { COMMON_PASSWORD_MESSAGE, INVALID_RESET_LINK_MESSAGE, type ForgotPasswordData } from '@tasklane/contract';
import { badRequest, conflict, forbidden, notFoundOrNotYours, tooManyRequests } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { insertOutboxEmail } from '../email/email-outbox.repo.js';
import { hashPassword } from '../auth/password.js';
import { findWindowEnd, hitWindow, returnPlaces, takePlaces } from '../auth/rate-limits.repo.js';
import { endSignInsOfUser, findActiveUserByEmail, findResettableUser, setPasswordOfResettableUser } from './password-reset.repo.js';
import { resetPasswordEmail } from './reset-email.js';
import { createResetToken, RESET_TOKEN_TTL_MS, resetLinkUrl, useResetToken } from './reset-tokens.js';

export const DEACTIVATED_ACCOUNT_MESSAGE = 'This account is deactivated, so its password cannot be reset. Ask an administrator to reactivate it.';

function minutesUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));
}

/**
 * Forgot-password requests, per client address and per email (known or not, so the limit tells
 * nothing about which emails have accounts), taken in one statement.
 */
async function limitResetRequests({ db, config }: ServiceContext, ip: string, email: string) {
  const { perIp, perEmail, windowMs } = config.passwordResetLimits;
  const windows = [
    { key: `reset-ip:${ip}`, limit: perIp, whose: 'from your network' },
    { key: `reset-email:${email}`, limit: perEmail, whose: 'for this email' },
  ];
  const taken = await takePlaces(db, windows, windowMs);
  const full = windows.find((window) => !taken.has(window.key));
  if (!full) return;
  const minutes = minutesUntil(await findWindowEnd(db, full.key));
  throw tooManyRequests(
    `Too many password-reset requests ${full.whose}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    minutes * 60,
  );
}

/** Resets share the sign-in limit per client address (a token cannot be guessed, but a flood still costs). */
async function limitResetAttempts({ db, config }: ServiceContext, ip: string) {
  const { perIp, windowMs } = config.authRateLimit;
  const window = await hitWindow(db, `auth-ip:${ip}`, windowMs);
  if (window.count > perIp) {
    throw tooManyRequests('Too many attempts from your network. Please wait a minute and try again.', Math.ceil((window.resetAt.getTime() - Date.now()) / 1000));
  }
}

/**
 * Forgot password: when email is configured and the email belongs to an account that may sign
 * in, a single-use link (one hour) is written to the outbox with its token, in one transaction,
 * and this instance's sender is woken. Whatever happens, the caller learns nothing: the route
 * answers the same either way.
 */
export async function requestPasswordReset(ctx: ServiceContext, body: ForgotPasswordData, client: { ip: string; origin: string }) {
  await limitResetRequests(ctx, client.ip, body.email);
  if (!ctx.config.email) return;
  const user = await findActiveUserByEmail(ctx.db, body.email);
  if (!user) return;
  await ctx.db.transaction(async (tx) => {
    const token = await createResetToken(tx, user.id);
    await insertOutboxEmail(tx, resetPasswordEmail(user, resetLinkUrl(client.origin, token)));
  });
  ctx.outbox?.wake();
}

/**
 * Sets a new password with a reset token (used up here, whatever follows): every session of the
 * account ends, with its event streams, and so do its sign-ins waiting for a second step and its
 * other reset links. The person is not signed in: they sign in with the new password, which also
 * proves they typed what they meant. A deactivated account is refused.
 */
export async function resetPassword(ctx: ServiceContext, body: { token: string; password: string }, ip: string) {
  await limitResetAttempts(ctx, ip);
  // The same rule as a password change (issue 16), checked before the token is used up.
  if (await isCommonPassword(body.password)) throw badRequest(COMMON_PASSWORD_MESSAGE, [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }]);
  const userId = await useResetToken(ctx.db, body.token);
  if (!userId) throw badRequest(INVALID_RESET_LINK_MESSAGE, [{ field: 'token', message: INVALID_RESET_LINK_MESSAGE }]);
  const passwordHash = await hashPassword(body.password);
  const outcome = await ctx.db.transaction(async (tx) => {
    const account = await setPasswordOfResettableUser(tx, userId, passwordHash);
    if (!account || account.isDeactivated) return account && { ...account, endedSessions: [] };
    return { ...account, endedSessions: await endSignInsOfUser(tx, userId) };
  });
  if (!outcome) throw badRequest(INVALID_RESET_LINK_MESSAGE, [{ field: 'token', message: INVALID_RESET_LINK_MESSAGE }]);
  if (outcome.isDeactivated) throw forbidden(DEACTIVATED_ACCOUNT_MESSAGE);
  // Streams on this instance end now; other instances end theirs at their next session check.
  for (const sessionId of outcome.endedSessions) ctx.events?.endSession(sessionId);
  // The owner proved the account is theirs: failed sign-ins from unknown browsers start over.
  const lockout = `login-fail:${outcome.email}`;
  await returnPlaces(ctx.db, [lockout], [lockout]);
}

/**
 * An administrator's reset link for a user, to hand over (email or not): the same single-use,
 * one-hour link the email carries. A deactivated account is refused (409): reactivate it first.
 */
export async function createAdminResetLink(ctx: ServiceContext, actor: Actor, userId: string, origin: string) {
  if (!actor.isAdmin) throw forbidden('Only administrators can make password-reset links');
  const user = await findResettableUser(ctx.db, userId);
  if (!user) throw notFoundOrNotYours('User');
  if (user.isDeactivated) throw conflict('This account is deactivated: reactivate it before making a reset link');
  const token = await createResetToken(ctx.db, user.id);
  return { url: resetLinkUrl(origin, token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString() };
}
