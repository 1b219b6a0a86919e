import type { LoginSecondStepData, TwoFactorEnrolment } from '@tasklane/contract';
import { badRequest, conflict, unauthorized } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { limitAuthAttempts, type LoginClient, type SignedIn } from '../auth/auth.service.js';
import { createDeviceToken, loadDeviceKey, readDeviceToken } from '../auth/device-tokens.js';
import { admitLoginAttempt } from '../auth/login-limits.js';
import { verifyPassword } from '../auth/password.js';
import { generateSessionToken, hashSessionToken } from '../auth/tokens.js';
import { presentUser } from '../users/users.presenter.js';
import { generateRecoveryCodes, hashRecoveryCode, normalizeRecoveryCode } from './recovery-codes.js';
import { loadTotpKey, openSecret, sealSecret } from './secret-box.js';
import { generateTotpSecret, matchTotpStep, otpauthUrlFor } from './totp.js';
import * as repo from './two-factor.repo.js';

const ALREADY_ON = 'Two-factor sign-in is already on';
const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';
const SIGN_IN_AGAIN = 'Your sign-in has expired. Please sign in again.';
const INVALID_CODE = 'Invalid code. Check your authenticator app and try again.';
const USED_CODE = 'That code has been used already. Wait for the next one and try again.';
const INVALID_RECOVERY_CODE = 'Invalid recovery code, or it has been used already.';

/** Starts (or restarts) enrolment: a new pending secret, shown once as a key and an otpauth URL. */
export async function enrolTwoFactor(ctx: ServiceContext, actor: Actor): Promise<TwoFactorEnrolment> {
  if (actor.twoFactorEnabled) throw conflict(ALREADY_ON);
  const secret = generateTotpSecret();
  const key = await loadTotpKey(ctx.db);
  if (!(await repo.savePendingSecret(ctx.db, actor.id, sealSecret(key, secret)))) throw conflict(ALREADY_ON);
  return { secret, otpauthUrl: otpauthUrlFor(secret, actor.email) };
}

/** Turns two-factor on with a code of the pending secret; the ten recovery codes, in clear this once. */
export async function confirmTwoFactor(ctx: ServiceContext, actor: Actor, code: string): Promise<string[]> {
  const state = await repo.findTwoFactorState(ctx.db, actor.id);
  if (state?.isEnabled) throw conflict(ALREADY_ON);
  if (!state?.pendingSecret) throw conflict('Start two-factor setup first: there is no key waiting for a code');
  const key = await loadTotpKey(ctx.db);
  const step = matchTotpStep(openSecret(key, state.pendingSecret), code);
  if (step === undefined) throw badRequest(WRONG_CODE, [{ field: 'code', message: WRONG_CODE }]);
  const codes = generateRecoveryCodes();
  const isEnabled = await repo.enableTwoFactor(ctx.db, {
    userId: actor.id,
    sealedPending: state.pendingSecret,
    step,
    recoveryCodeHashes: codes.map((recoveryCode) => hashRecoveryCode(actor.id, normalizeRecoveryCode(recoveryCode))),
  });
  // Another tab restarted the enrolment (a new key) or finished it meanwhile.
  if (!isEnabled) throw conflict('Two-factor setup changed meanwhile. Start it again.');
  return codes;
}

/**
 * Turns two-factor off with the account's password. A wrong password counts as a failed sign-in
 * (the limits of issue 10), so a stolen session cannot be used to guess it.
 */
export async function disableTwoFactor(ctx: ServiceContext, actor: Actor, password: string, client: LoginClient): Promise<void> {
  if (!actor.twoFactorEnabled) throw conflict('Two-factor sign-in is already off');
  const device = readDeviceToken(await loadDeviceKey(ctx.db), client.deviceToken);
  const attempt = await admitLoginAttempt(ctx, { email: actor.email, ip: client.ip, device: device?.userId === actor.id ? device : undefined });
  const passwordHash = await repo.findPasswordHash(ctx.db, actor.id);
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) {
    throw badRequest('Password is incorrect', [{ field: 'password', message: 'Password is incorrect' }]);
  }
  await attempt.succeeded();
  await repo.disableTwoFactor(ctx.db, actor.id);
}

/** Where the second step comes from: the login client, and its browser for the sessions list. */
export type SecondStepClient = LoginClient & { challengeToken: string | undefined };

/**
 * The second step of a sign-in: a code (or a recovery code) for the challenge the first step
 * left in a cookie. It is judged by the same limits as a password: a wrong code is a failed
 * sign-in for the account (or this browser's device cookie) and the client address.
 */
export async function completeLogin(ctx: ServiceContext, body: LoginSecondStepData, client: SecondStepClient): Promise<SignedIn> {
  await limitAuthAttempts(ctx, client.ip);
  const challengeId = client.challengeToken ? hashSessionToken(client.challengeToken) : undefined;
  const user = challengeId ? await repo.findChallengeUser(ctx.db, challengeId) : undefined;
  if (!challengeId || !user) throw unauthorized(SIGN_IN_AGAIN);
  const deviceKey = await loadDeviceKey(ctx.db);
  const device = readDeviceToken(deviceKey, client.deviceToken);
  const attempt = await admitLoginAttempt(ctx, { email: user.email, ip: client.ip, device: device?.userId === user.id ? device : undefined });
  let proof: repo.SecondFactor;
  if (body.code !== undefined) {
    const step = matchTotpStep(openSecret(await loadTotpKey(ctx.db), user.secret), body.code);
    if (step === undefined) throw unauthorized(INVALID_CODE);
    if (user.lastStep !== null && step <= user.lastStep) throw unauthorized(USED_CODE);
    proof = { step };
  } else {
    proof = { recoveryCodeHash: hashRecoveryCode(user.id, body.recoveryCode ?? '') };
  }
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + ctx.config.sessionTtlMs);
  const isComplete = await repo.completeChallenge(ctx.db, {
    challengeId,
    userId: user.id,
    proof,
    session: { id: hashSessionToken(token), expiresAt, clientIp: client.ip, userAgent: client.userAgent ?? null },
  });
  if (!isComplete) throw unauthorized('step' in proof ? USED_CODE : INVALID_RECOVERY_CODE);
  await attempt.succeeded();
  const { secret: _secret, lastStep: _lastStep, ...row } = user;
  return { user: presentUser(row), token, expiresAt, deviceToken: createDeviceToken(deviceKey, user.id) };
}
