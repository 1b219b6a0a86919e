import { DEACTIVATED_ACCOUNT_MESSAGE, registrationRefusals, type LoginData, type RegisterData } from '@tasklane/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, conflict, forbidden, tooManyRequests, unauthorized } from '../../http/errors.js';
import type { ServiceContext } from '../context.js';
import type { User } from '@tasklane/contract';
import { presentUser } from '../users/users.presenter.js';
import { consumeInvite } from '../admin/invites.repo.js';
import { findEmailOrUsernameTaken, findUserCredentialsByEmail, insertRegisteredUser, lockFirstRegistration, type AccountUserRow } from '../users/users.repo.js';
import { admitRegistration } from './registration.service.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import { createDeviceToken, loadDeviceKey, readDeviceToken } from './device-tokens.js';
import { admitLoginAttempt } from './login-limits.js';
import { hitWindow } from './rate-limits.repo.js';
import { deleteSession, findSessionUser, insertSession } from './sessions.repo.js';
import { generateSessionToken, hashSessionToken } from './tokens.js';
import { startLoginChallenge, type LoginChallenge } from '../two-factor/login-challenges.js';

const SESSION_REFRESH_INTERVAL_MS = 60 * 60 * 1000;
/** A session's (and its user's) last_seen_at is written at most this often. */
const LAST_SEEN_INTERVAL_MS = 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid email or password';

/** The per-address limit of every sign-in and registration step (AUTH_RATE_LIMIT_PER_IP). */
export async function limitAuthAttempts({ db, config }: ServiceContext, ip: string) {
  const { perIp, windowMs } = config.authRateLimit;
  const window = await hitWindow(db, `auth-ip:${ip}`, windowMs);
  if (window.count > perIp) {
    const seconds = Math.ceil((window.resetAt.getTime() - Date.now()) / 1000);
    throw tooManyRequests('Too many attempts from your network. Please wait a minute and try again.', seconds);
  }
}

/** Thrown inside the registration's transaction to undo its insert: the invite went to another registration. */
class InviteLostError extends Error {}

export async function register(ctx: ServiceContext, body: RegisterData, ip: string): Promise<User> {
  await limitAuthAttempts(ctx, ip);
  const { inviteToken, ...account } = body;
  // Who may register is decided before duplicates are looked at: a refused visitor learns
  // nothing about which emails have accounts.
  const pass = await admitRegistration(ctx, account.email, inviteToken);
  const duplicateMessage = async () => {
    const { isEmailTaken, isUsernameTaken } = await findEmailOrUsernameTaken(ctx.db, account.email, account.username);
    if (isEmailTaken && isUsernameTaken) return 'Email is already registered and username is already taken';
    if (isEmailTaken) return 'Email is already registered';
    if (isUsernameTaken) return 'Username is already taken';
    return undefined;
  };
  const taken = await duplicateMessage();
  if (taken) throw conflict(taken);
  const passwordHash = await hashPassword(account.password);
  const values = { username: account.username, fullName: account.fullName, email: account.email, passwordHash };
  try {
    if (!pass.isFirstAccount && !pass.inviteId) return presentUser(await insertRegisteredUser(ctx.db, values));
    const inviteId = pass.inviteId;
    return presentUser(
      await ctx.db.transaction(async (tx) => {
        // The first account administers the instance: of two at once, exactly one is first.
        if (pass.isFirstAccount) await lockFirstRegistration(tx);
        const user = await insertRegisteredUser(tx, values);
        // The invite is used up with the account, or neither happens: one invite, one account.
        if (inviteId && !(await consumeInvite(tx, inviteId, user.id)) && pass.isInviteRequired) throw new InviteLostError();
        return user;
      }),
    );
  } catch (error) {
    if (error instanceof InviteLostError) throw forbidden(registrationRefusals.inviteUsed);
    if (error instanceof AppError) throw error;
    // Two registrations raced past the check: the unique index decided.
    if (isUniqueViolation(error)) throw conflict((await duplicateMessage()) ?? 'Email or username is already taken');
    throw error;
  }
}

export type SignedIn = { user: User; token: string; expiresAt: Date; deviceToken: string };

/** Where a sign-in comes from: the client address and the device cookie it carried, if any. */
export type LoginClient = { ip: string; deviceToken: string | undefined; userAgent?: string };

/** A right password of an account with two-factor sign-in: no session yet, a challenge for the code. */
export type SecondStepRequired = { twoFactorRequired: true; challenge: LoginChallenge };

export async function login(ctx: ServiceContext, body: LoginData, client: LoginClient): Promise<SignedIn | SecondStepRequired> {
  await limitAuthAttempts(ctx, client.ip);
  const credentials = await findUserCredentialsByEmail(ctx.db, body.email);
  const deviceKey = await loadDeviceKey(ctx.db);
  const device = readDeviceToken(deviceKey, client.deviceToken);
  const attempt = await admitLoginAttempt(ctx, {
    email: body.email,
    ip: client.ip,
    // Only a device cookie issued to this very account exempts from the account's lockout.
    device: credentials && device?.userId === credentials.id ? device : undefined,
  });
  const isValid = credentials
    ? await verifyPassword(credentials.passwordHash, body.password)
    : (await verifyAgainstDummy(body.password), false);
  if (!credentials || !isValid || credentials.deletedAt !== null) throw unauthorized(INVALID_CREDENTIALS);
  // Said only to whoever knows the password, so it reveals nothing to anyone else; the attempt
  // keeps its place in the sign-in limits.
  if (credentials.deactivatedAt !== null) throw forbidden(DEACTIVATED_ACCOUNT_MESSAGE);
  const { passwordHash: _hash, twoFactorEnabled, deactivatedAt: _deactivated, deletedAt: _deleted, ...user } = credentials;
  if (twoFactorEnabled) {
    // Not a failure, but not a sign-in yet either: the account's failures stand until the code is right.
    await attempt.passedFirstStep();
    return { twoFactorRequired: true, challenge: await startLoginChallenge(ctx, user.id) };
  }
  await attempt.succeeded();
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + ctx.config.sessionTtlMs);
  await insertSession(ctx.db, { id: hashSessionToken(token), userId: user.id, expiresAt, clientIp: client.ip, userAgent: client.userAgent });
  return { user: presentUser(user), token, expiresAt, deviceToken: createDeviceToken(deviceKey, user.id) };
}

export async function logout(ctx: ServiceContext, token: string | undefined) {
  if (!token) return;
  const sessionId = hashSessionToken(token);
  await deleteSession(ctx.db, sessionId);
  // Its event streams end now here (other instances end theirs at their next session check).
  ctx.events?.endSession(sessionId);
}

export type ResolvedSession = { user: AccountUserRow; expiresAt: Date; isRefreshed: boolean };

/** The signed-in user for a token; the 30-day expiry slides forward at most once an hour. */
export async function resolveSession(ctx: ServiceContext, token: string): Promise<ResolvedSession | undefined> {
  const now = Date.now();
  const found = await findSessionUser(ctx.db, hashSessionToken(token), {
    refreshedBefore: new Date(now - SESSION_REFRESH_INTERVAL_MS),
    expiresAt: new Date(now + ctx.config.sessionTtlMs),
    seenBefore: new Date(now - LAST_SEEN_INTERVAL_MS),
  });
  if (!found) return undefined;
  const isRefreshed = found.refreshedExpiresAt !== null;
  return { user: found.user, expiresAt: found.refreshedExpiresAt ?? found.expiresAt, isRefreshed };
}
