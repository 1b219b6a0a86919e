import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { URL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestResponse, type TestServer } from '../../../test/test-server.js';
import { buildTwoFactorUser, setCookiePair, startTwoFactorLogin, totpCode, type TwoFactorUser } from '../../../test/two-factor.js';
import { hashSessionToken } from '../auth/tokens.js';

const ENROL = '/api/v1/users/me/2fa';
const CONFIRM = '/api/v1/users/me/2fa/confirm';
const LOGIN = '/api/v1/auth/login';
const SECOND_STEP = '/api/v1/auth/login/2fa';
const ME = '/api/v1/users/me';
const MAX_FAILURES = 3;
const AUTH_PER_IP = 40;

const CHALLENGE_COOKIE = /^tasklane_login_challenge$/;
const SESSION_COOKIE = /^tasklane_session$/;
const DEVICE_COOKIE = /^tasklane_device$/;
const RECOVERY_CODE_FORMAT = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{2}$/;

/** A client address of its own per test, so no two tests share a per-address window. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    trustProxy: true,
    authRateLimit: { perIp: AUTH_PER_IP, windowMs: 60_000 },
    loginFailures: { max: MAX_FAILURES, maxPerIp: 100, windowMs: 900_000 },
  });
});
afterAll(async () => {
  await server.close();
});

function expectError(response: TestResponse, status: number, message?: RegExp) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ success: false, message: message ? expect.stringMatching(message) : expect.any(String), code: expect.any(String) });
}

const secondStep = (challenge: string | undefined, body: unknown, ip: string, cookie?: string) =>
  server.request('POST', SECOND_STEP, {
    body,
    headers: { 'x-forwarded-for': ip },
    ...(challenge || cookie ? { cookie: [challenge, cookie].filter(Boolean).join('; ') } : {}),
  });

const me = (cookie: string) => server.request('GET', ME, { cookie });

/** The rows of a query on the test database. */
async function select<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await server.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

describe('enrolment: POST /users/me/2fa and /users/me/2fa/confirm', () => {
  it('refuses a signed-out caller', async () => {
    expectError(await server.request('POST', ENROL), 401);
    expectError(await server.request('POST', CONFIRM, { body: { code: '123456' } }), 401);
  });

  it('answers a base32 secret and an otpauth URL for apps (Tasklane, the email, SHA-1, 6 digits, 30 s)', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const response = await server.request('POST', ENROL, { cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: expect.any(String),
      data: { secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//) },
    });
    const url = new URL(response.body.data.otpauthUrl);
    expect(decodeURIComponent(url.pathname)).toBe(`//totp/Tasklane:${user.email}`.replace('//totp', ''));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Tasklane',
      secret: response.body.data.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Still off until a code confirms it.
    expect((await me(cookie)).body.data.twoFactorEnabled).toBe(false);
  });

  it('refuses to confirm without a pending enrolment', async () => {
    const { cookie } = await buildSignedInUser(server);
    expectError(await server.request('POST', CONFIRM, { cookie, body: { code: '123456' } }), 409, /start/i);
  });

  it('refuses a wrong or malformed code with a clear message, and stays off', async () => {
    const { cookie } = await buildSignedInUser(server);
    const { secret } = (await server.request('POST', ENROL, { cookie })).body.data;
    const right = totpCode(secret);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await server.request('POST', CONFIRM, { cookie, body: { code: wrong } });
    expectError(refused, 400, /not right.*authenticator app/i);
    expect(refused.body.errors).toEqual([{ field: 'code', message: expect.stringMatching(/not right/) }]);
    expectError(await server.request('POST', CONFIRM, { cookie, body: { code: '12ab56' } }), 400, /.+/);
    expectError(await server.request('POST', CONFIRM, { cookie, body: {} }), 400, /.+/);
    expect((await me(cookie)).body.data.twoFactorEnabled).toBe(false);
  });

  it('a second enrolment replaces the pending secret: only the new one confirms', async () => {
    const { cookie } = await buildSignedInUser(server);
    const first = (await server.request('POST', ENROL, { cookie })).body.data.secret as string;
    const second = (await server.request('POST', ENROL, { cookie })).body.data.secret as string;
    expect(second).not.toBe(first);
    expectError(await server.request('POST', CONFIRM, { cookie, body: { code: totpCode(first) } }), 400);
    const confirmed = await server.request('POST', CONFIRM, { cookie, body: { code: totpCode(second) } });
    expect(confirmed.status, confirmed.text).toBe(200);
  });

  it('a right code turns it on and answers ten distinct recovery codes, stored hashed; the secret is not stored in clear', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const { secret } = (await server.request('POST', ENROL, { cookie })).body.data;
    const response = await server.request('POST', CONFIRM, { cookie, body: { code: totpCode(secret) } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String), data: { recoveryCodes: expect.any(Array) } });
    const codes: string[] = response.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_FORMAT);
    expect((await me(cookie)).body.data.twoFactorEnabled).toBe(true);

    const rows = await select<{ code_hash: string }>(sql`select code_hash from recovery_codes where user_id = ${user.id}`);
    const stored = rows.map((row) => row.code_hash);
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.join(' ')).not.toContain(code.replace(/-/g, ''));
    const [account] = await select<{ totp_secret: string; totp_pending_secret: string | null; totp_enabled_at: Date | null }>(
      sql`select totp_secret, totp_pending_secret, totp_enabled_at from users where id = ${user.id}`,
    );
    expect(account!.totp_secret).not.toContain(secret);
    expect(account!.totp_pending_secret).toBeNull();
    expect(account!.totp_enabled_at).not.toBeNull();
  });

  it('answers 409 to an enrolment or confirmation while it is on', async () => {
    const { cookie } = await buildTwoFactorUser(server);
    expectError(await server.request('POST', ENROL, { cookie }), 409, /already on/i);
    expectError(await server.request('POST', CONFIRM, { cookie, body: { code: '123456' } }), 409, /already on/i);
  });
});

describe('sign-in with two-factor on', () => {
  let account: TwoFactorUser;
  beforeAll(async () => {
    account = await buildTwoFactorUser(server);
  });

  it('a right password answers twoFactorRequired and sets a 5-minute challenge cookie, no session', async () => {
    const response = await server.request('POST', LOGIN, {
      body: { email: account.user.email, password: account.user.password },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, data: { twoFactorRequired: true }, message: expect.any(String) });
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^tasklane_login_challenge=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=(299|300); HttpOnly; SameSite=Lax$/);
    expect(setCookiePair(response, SESSION_COOKIE)).toBeUndefined();
    // The challenge is no session.
    expectError(await me(cookies[0]!.split(';')[0]!), 401);
  });

  it('a wrong password is refused as before, with no challenge', async () => {
    const response = await server.request('POST', LOGIN, {
      body: { email: account.user.email, password: 'not-the-password' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expectError(response, 401, /Invalid email or password/);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('the second step with a code answers what a normal sign-in answers, and the challenge is spent', async () => {
    const ip = freshIp();
    const challenge = await startTwoFactorLogin(server, account.user, { 'x-forwarded-for': ip });
    // One step ahead of the code that confirmed the enrolment (which cannot be used again).
    const response = await secondStep(challenge, { code: totpCode(account.secret, 1) }, ip);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Login successful',
      data: {
        _id: account.user.id,
        username: account.user.username,
        fullName: account.user.fullName,
        email: account.user.email,
        avatar: null,
        createdAt: account.user.createdAt.toISOString(),
      },
    });
    const session = setCookiePair(response, SESSION_COOKIE);
    expect(session).toBeDefined();
    expect(setCookiePair(response, DEVICE_COOKIE)).toBeDefined();
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith('tasklane_login_challenge='))).toMatch(/Max-Age=0/);
    const signedIn = await me(session!);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.twoFactorEnabled).toBe(true);

    // The same challenge again (a new code would not help): sign in again.
    expectError(await secondStep(challenge, { code: totpCode(account.secret, 1) }, ip), 401, /sign in again/i);
  });

  it('refuses a code used before within its time step (replay), and a code of the next step once', async () => {
    const fresh = await buildTwoFactorUser(server);
    const ip = freshIp();
    // The code that confirmed the enrolment.
    let challenge = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': ip });
    expectError(await secondStep(challenge, { code: totpCode(fresh.secret) }, ip), 401, /used already/i);
    const next = totpCode(fresh.secret, 1);
    expect((await secondStep(challenge, { code: next }, ip)).status).toBe(200);
    challenge = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': ip });
    expectError(await secondStep(challenge, { code: next }, ip), 401, /used already/i);
  });

  it('a wrong code is refused with 401 and the challenge stays for another try', async () => {
    const ip = freshIp();
    const fresh = await buildTwoFactorUser(server);
    const challenge = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': ip });
    const right = totpCode(fresh.secret, 1);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await secondStep(challenge, { code: wrong }, ip);
    expectError(refused, 401, /Invalid code/);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect((await secondStep(challenge, { code: right }, ip)).status).toBe(200);
  });

  it('a recovery code signs in once (dashes and case do not matter); used again it is refused', async () => {
    const fresh = await buildTwoFactorUser(server);
    const ip = freshIp();
    const [code, other] = fresh.recoveryCodes;
    let challenge = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': ip });
    const response = await secondStep(challenge, { recoveryCode: code!.toUpperCase().replace(/-/g, '') }, ip);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Login successful', data: { _id: fresh.user.id } });
    expect(setCookiePair(response, SESSION_COOKIE)).toBeDefined();

    challenge = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': ip });
    expectError(await secondStep(challenge, { recoveryCode: code }, ip), 401, /recovery code/i);
    // Another account's codes are no good here, and the other codes still work.
    const stranger = await buildTwoFactorUser(server);
    expectError(await secondStep(challenge, { recoveryCode: stranger.recoveryCodes[0] }, ip), 401, /recovery code/i);
    expect((await secondStep(challenge, { recoveryCode: other }, ip)).status).toBe(200);
  });

  it('an expired or missing challenge answers 401 asking to sign in again', async () => {
    const fresh = await buildTwoFactorUser(server);
    const ip = freshIp();
    const challenge = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': ip });
    const token = decodeURIComponent(challenge.slice(challenge.indexOf('=') + 1));
    await server.database.db.execute(sql`update login_challenges set expires_at = now() - interval '1 second' where id = ${hashSessionToken(token)}`);
    expectError(await secondStep(challenge, { code: totpCode(fresh.secret, 1) }, ip), 401, /sign in again/i);
    expectError(await secondStep(undefined, { code: totpCode(fresh.secret, 1) }, ip), 401, /sign in again/i);
    expectError(await secondStep('tasklane_login_challenge=forged', { code: totpCode(fresh.secret, 1) }, ip), 401, /sign in again/i);
  });

  it('refuses a body with neither or both of code and recoveryCode, or a malformed one, with 400', async () => {
    const ip = freshIp();
    const challenge = await startTwoFactorLogin(server, account.user, { 'x-forwarded-for': ip });
    for (const body of [{}, { code: '123456', recoveryCode: 'abcd-efgh-ij' }, { code: '12345' }, { recoveryCode: 'short' }, { code: 123456 }]) {
      expectError(await secondStep(challenge, body, ip), 400);
    }
  });

  it('an account without two-factor signs in in one step, as before', async () => {
    const user = await buildUser(server);
    const response = await server.request('POST', LOGIN, { body: { email: user.email, password: user.password }, headers: { 'x-forwarded-for': freshIp() } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Login successful', data: { _id: user.id } });
    expect(setCookiePair(response, SESSION_COOKIE)).toBeDefined();
    expect(setCookiePair(response, CHALLENGE_COOKIE)).toBeUndefined();
  });
});

describe('the sign-in limits apply to the second step', () => {
  it('wrong codes count as failed sign-ins of the account; a right password in between does not clear them', async () => {
    const fresh = await buildTwoFactorUser(server);
    const ip = freshIp();
    const wrongCode = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    let challenge = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': ip });
    for (let index = 0; index < MAX_FAILURES - 1; index += 1) {
      expectError(await secondStep(challenge, { code: wrongCode(totpCode(fresh.secret, 1)) }, ip), 401, /Invalid code/);
    }
    // The right password again: the account's failures stand.
    challenge = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': ip });
    expectError(await secondStep(challenge, { code: wrongCode(totpCode(fresh.secret, 1)) }, ip), 401, /Invalid code/);
    // Locked: even the right code (or a recovery code) is not checked now.
    const locked = await secondStep(challenge, { code: totpCode(fresh.secret, 1) }, ip);
    expectError(locked, 429, /Too many failed sign-in attempts for this account/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expectError(await secondStep(challenge, { recoveryCode: fresh.recoveryCodes[0] }, ip), 429);
    // And from another address too, at the first step.
    const again = await server.request('POST', LOGIN, { body: { email: fresh.user.email, password: fresh.user.password }, headers: { 'x-forwarded-for': freshIp() } });
    expectError(again, 429, /for this account/);
  });

  it('a browser that signed in to the account before (device cookie) is judged by its own failures', async () => {
    const fresh = await buildTwoFactorUser(server);
    const ip = freshIp();
    // The owner's browser signs in once with a recovery code and keeps its device cookie.
    let challenge = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': ip });
    const owned = await secondStep(challenge, { recoveryCode: fresh.recoveryCodes[0] }, ip);
    const device = setCookiePair(owned, DEVICE_COOKIE)!;
    // A stranger who has the password locks the account out with wrong codes.
    const strangerIp = freshIp();
    const theirs = await startTwoFactorLogin(server, fresh.user, { 'x-forwarded-for': strangerIp });
    for (let index = 0; index < MAX_FAILURES; index += 1) {
      await secondStep(theirs, { code: '000000' === totpCode(fresh.secret, 1) ? '111111' : '000000' }, strangerIp);
    }
    expectError(await secondStep(theirs, { recoveryCode: fresh.recoveryCodes[1] }, strangerIp), 429, /for this account/);
    // The owner's browser still gets in.
    const login = await server.request('POST', LOGIN, {
      body: { email: fresh.user.email, password: fresh.user.password },
      headers: { 'x-forwarded-for': ip },
      cookie: device,
    });
    expect(login.status, login.text).toBe(200);
    challenge = setCookiePair(login, CHALLENGE_COOKIE)!;
    const done = await secondStep(challenge, { recoveryCode: fresh.recoveryCodes[2] }, ip, device);
    expect(done.status, done.text).toBe(200);
  });

  it('the per-address limit of sign-in requests applies to the second step', async () => {
    const ip = freshIp();
    for (let index = 0; index < AUTH_PER_IP; index += 1) expectError(await secondStep(undefined, { code: '123456' }, ip), 401);
    expectError(await secondStep(undefined, { code: '123456' }, ip), 429, /Too many attempts from your network/);
  });
});

describe('turning it off: DELETE /users/me/2fa', () => {
  it('needs the account password; then secret and recovery codes are gone and sign-in is one step again', async () => {
    const fresh = await buildTwoFactorUser(server);
    expectError(await server.request('DELETE', ENROL, { body: { password: fresh.user.password } }), 401);
    const wrong = await server.request('DELETE', ENROL, { cookie: fresh.cookie, body: { password: 'not-the-password' } });
    expectError(wrong, 400, /Password is incorrect/);
    expect(wrong.body.errors).toEqual([{ field: 'password', message: 'Password is incorrect' }]);
    expectError(await server.request('DELETE', ENROL, { cookie: fresh.cookie, body: {} }), 400);
    expect((await me(fresh.cookie)).body.data.twoFactorEnabled).toBe(true);

    const response = await server.request('DELETE', ENROL, { cookie: fresh.cookie, body: { password: fresh.user.password } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });
    expect((await me(fresh.cookie)).body.data.twoFactorEnabled).toBe(false);
    const [row] = await select<{ secrets: number; codes: number }>(
      sql`select (select count(*) from users where id = ${fresh.user.id} and (totp_secret is not null or totp_enabled_at is not null))::int as secrets,
                 (select count(*) from recovery_codes where user_id = ${fresh.user.id})::int as codes`,
    );
    expect(row).toEqual({ secrets: 0, codes: 0 });
    const login = await server.request('POST', LOGIN, { body: { email: fresh.user.email, password: fresh.user.password }, headers: { 'x-forwarded-for': freshIp() } });
    expect(login.body).toMatchObject({ success: true, message: 'Login successful', data: { _id: fresh.user.id } });
    expect(setCookiePair(login, SESSION_COOKIE)).toBeDefined();
    expectError(await server.request('DELETE', ENROL, { cookie: fresh.cookie, body: { password: fresh.user.password } }), 409, /already off/i);
  });

  it('a wrong password counts as a failed sign-in: a stolen session cannot be used to guess it', async () => {
    const fresh = await buildTwoFactorUser(server);
    const disable = (password: string) =>
      server.request('DELETE', ENROL, { cookie: fresh.cookie, body: { password }, headers: { 'x-forwarded-for': freshIp() } });
    for (let index = 0; index < MAX_FAILURES; index += 1) expectError(await disable(`guess-number-${index}`), 400, /Password is incorrect/);
    expectError(await disable(fresh.user.password), 429, /for this account/);
    expect((await me(fresh.cookie)).body.data.twoFactorEnabled).toBe(true);
  });
});
