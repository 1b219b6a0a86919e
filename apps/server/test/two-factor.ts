import { Secret, TOTP } from 'otpauth';
import { buildSignedInUser, type TestUser } from './factories.js';
import type { TestResponse, TestServer } from './test-server.js';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export function totpCode(secret: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

export type TwoFactorUser = { user: TestUser; cookie: string; secret: string; recoveryCodes: string[] };

/** Turns two-factor on through the API for the signed-in user of `cookie`. */
export async function enableTwoFactor(server: TestServer, cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolled = await server.request('POST', '/api/v1/users/me/2fa', { cookie });
  if (enrolled.status !== 200) throw new Error(`2FA enrolment failed: ${enrolled.status} ${enrolled.text}`);
  const secret: string = enrolled.body.data.secret;
  const confirmed = await server.request('POST', '/api/v1/users/me/2fa/confirm', { cookie, body: { code: totpCode(secret) } });
  if (confirmed.status !== 200) throw new Error(`2FA confirmation failed: ${confirmed.status} ${confirmed.text}`);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes };
}

/** A persisted user, signed in (the session made before 2FA was on), with two-factor sign-in on. */
export async function buildTwoFactorUser(server: TestServer): Promise<TwoFactorUser> {
  const { user, cookie } = await buildSignedInUser(server);
  return { user, cookie, ...(await enableTwoFactor(server, cookie)) };
}

/** The "name=value" pair of one cookie a response set, or undefined. */
export function setCookiePair(response: TestResponse, name: RegExp): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((pair) => name.test(pair.slice(0, pair.indexOf('='))));
}

/** The first step of a sign-in with two-factor on: the challenge cookie to send with the second step. */
export async function startTwoFactorLogin(server: TestServer, user: { email: string; password: string }, headers: Record<string, string> = {}) {
  const response = await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password }, headers });
  const challenge = setCookiePair(response, /^(__Host-)?tasklane_login_challenge$/);
  if (response.status !== 200 || !challenge) throw new Error(`2FA first step failed: ${response.status} ${response.text}`);
  return challenge;
}
