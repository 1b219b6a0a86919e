import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { startTestServer, type TestResponse, type TestServer } from '../../../test/test-server.js';
import { createDeviceToken } from './device-tokens.js';

const LOGIN = '/api/v1/auth/login';
const MAX_FAILURES = 3;
const MAX_FAILURES_PER_IP = 5;
const YEAR_S = 365 * 24 * 60 * 60;
const DEVICE_COOKIE_PATTERN = /^tasklane_device=([^;]+); Path=\/; Max-Age=(\d+); HttpOnly; SameSite=Lax$/;

/** A distinct client address per caller, so that tests share no per-address window. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;

/** The device cookie pair ("name=value") a sign-in set; the session cookie comes first. */
function deviceCookieFrom(response: TestResponse): string {
  const cookies = response.headers.getSetCookie();
  expect(cookies, `status ${response.status}`).toHaveLength(2);
  expect(cookies[0]).toMatch(/^tasklane_session=/);
  return cookies[1]!.split(';')[0]!;
}

const withValue = (pair: string, value: string) => `${pair.slice(0, pair.indexOf('='))}=${value}`;
const valueOf = (pair: string) => decodeURIComponent(pair.slice(pair.indexOf('=') + 1));

function expectLockedOut(response: TestResponse, whose: RegExp) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ success: false, message: expect.stringMatching(whose), code: 'RATE_LIMITED' });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(response.headers.get('set-cookie')).toBeNull();
}

describe('device cookies: a browser that signed in before is not locked out by failures from elsewhere', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      trustProxy: true,
      authRateLimit: { perIp: 100_000, windowMs: 60_000 },
      loginFailures: { max: MAX_FAILURES, maxPerIp: MAX_FAILURES_PER_IP, windowMs: 900_000 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const attempt = (user: { email: string }, password: string, from: { ip?: string; cookie?: string } = {}) =>
    server.request('POST', LOGIN, {
      body: { email: user.email, password },
      headers: { 'x-forwarded-for': from.ip ?? freshIp() },
      ...(from.cookie ? { cookie: from.cookie } : {}),
    });

  /** Signs in from a browser of its own and returns that browser's device cookie. */
  const deviceOf = async (user: TestUser) => {
    const response = await attempt(user, user.password);
    expect(response.status).toBe(200);
    return deviceCookieFrom(response);
  };

  /** Someone at one address sends wrong passwords until the account is locked for unknown browsers. */
  const lockOut = async (user: TestUser, ip = freshIp()) => {
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt(user, `wrong-password-${i}`, { ip })).status).toBe(401);
    expectLockedOut(await attempt(user, user.password, { ip }), /for this account/);
    return ip;
  };

  it('sets a signed, HttpOnly, SameSite=Lax device cookie for a year at each sign-in, none on a failure', async () => {
    const user = await buildUser(server);
    const response = await attempt(user, user.password);
    expect(response.status).toBe(200);
    const [, device] = response.headers.getSetCookie();
    const match = DEVICE_COOKIE_PATTERN.exec(device ?? '');
    expect(match, device).not.toBeNull();
    expect(Number(match![2])).toBe(YEAR_S);
    // It names the account and a random nonce, and carries a signature; nothing else.
    expect(valueOf(`x=${match![1]}`)).toMatch(new RegExp(`^v1\\.${user.id}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}$`));
    expect(deviceCookieFrom(await attempt(user, user.password))).not.toBe(deviceCookieFrom(response));

    const failed = await attempt(user, 'wrong-password');
    expect(failed.status).toBe(401);
    expect(failed.headers.get('set-cookie')).toBeNull();
  });

  it('lets the owner sign in with their device cookie while the account is locked for everyone else', async () => {
    const victim = await buildUser(server);
    const device = await deviceOf(victim);
    const attackerIp = await lockOut(victim);

    // Another browser without the cookie, at another address: locked, like the attacker.
    expectLockedOut(await attempt(victim, victim.password), /for this account/);
    const signedIn = await attempt(victim, victim.password, { cookie: device });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data._id).toBe(victim.id);
    // Signing in on a known browser does not lift the lock from the others.
    expectLockedOut(await attempt(victim, victim.password, { ip: attackerIp }), /for this account/);
    // The fresh device cookie it received works as well.
    expect((await attempt(victim, victim.password, { cookie: deviceCookieFrom(signedIn) })).status).toBe(200);
  });

  it('judges a known browser by its own failures: it is locked after the limit, other known browsers are not', async () => {
    const owner = await buildUser(server);
    const laptop = await deviceOf(owner);
    const phone = await deviceOf(owner);
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await attempt(owner, `wrong-password-${i}`, { cookie: laptop })).status).toBe(401);
    }
    expectLockedOut(await attempt(owner, owner.password, { cookie: laptop }), /from this browser/);
    expect((await attempt(owner, owner.password, { cookie: phone })).status).toBe(200);
    // The browser's failures did not count against the account for unknown browsers either.
    expect((await attempt(owner, owner.password)).status).toBe(200);
  });

  it('gives no exemption for a device cookie of another account, a tampered or forged one, or one signed with another key', async () => {
    const victim = await buildUser(server);
    const attacker = await buildUser(server);
    const attackersDevice = await deviceOf(attacker);
    const victimsDevice = await deviceOf(victim);
    await lockOut(victim);

    const [, attackerId, nonce, signature] = valueOf(attackersDevice).split('.');
    expect(attackerId).toBe(attacker.id);
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    const victimsValue = valueOf(victimsDevice);
    const candidates = {
      "another account's": attackersDevice,
      'renamed to the victim': withValue(attackersDevice, `v1.${victim.id}.${nonce}.${signature}`),
      'with a changed signature': withValue(victimsDevice, `${victimsValue.slice(0, victimsValue.lastIndexOf('.'))}.${flipped}`),
      'with a made-up signature': withValue(victimsDevice, `v1.${victim.id}.${nonce}.${randomBytes(32).toString('base64url')}`),
      'signed with another key': withValue(victimsDevice, createDeviceToken(randomBytes(32), victim.id)),
      'under another name': `other_device=${encodeURIComponent(victimsValue)}`,
    };
    for (const [name, cookie] of Object.entries(candidates)) {
      const response = await attempt(victim, victim.password, { cookie });
      expect(response.status, name).toBe(429);
    }
    // The genuine one still works, and the victim's cookie does not open the attacker's account.
    expect((await attempt(victim, victim.password, { cookie: victimsDevice })).status).toBe(200);
    await lockOut(attacker);
    expectLockedOut(await attempt(attacker, attacker.password, { cookie: victimsDevice }), /for this account/);
  });

  it('locks the offending address for unknown browsers, whichever accounts it tries; known browsers there still sign in', async () => {
    const offender = freshIp();
    const targets = await Promise.all(Array.from({ length: MAX_FAILURES_PER_IP }, () => buildUser(server)));
    const regular = await buildUser(server);
    const regularsDevice = await deviceOf(regular);
    // Successful sign-ins from the address do not count against it.
    expect((await attempt(regular, regular.password, { ip: offender })).status).toBe(200);
    for (const target of targets) expect((await attempt(target, 'wrong-password', { ip: offender })).status).toBe(401);

    const fresh = await buildUser(server);
    expectLockedOut(await attempt(fresh, fresh.password, { ip: offender }), /from your network/);
    // Each target account has a single failure: from elsewhere they, and the fresh one, sign in.
    expect((await attempt(fresh, fresh.password)).status).toBe(200);
    expect((await attempt(targets[0]!, targets[0]!.password)).status).toBe(200);
    // A browser that signed in before is judged by its own failures, even at that address.
    expect((await attempt(regular, regular.password, { ip: offender, cookie: regularsDevice })).status).toBe(200);
  });
});

describe('device cookies with COOKIE_SECURE on', () => {
  it('are Secure and __Host- prefixed, and only the prefixed name is honoured', async () => {
    const server = await startTestServer({
      cookieSecure: true,
      authRateLimit: { perIp: 100_000, windowMs: 60_000 },
      loginFailures: { max: MAX_FAILURES, maxPerIp: 100_000, windowMs: 900_000 },
    });
    try {
      const user = await buildUser(server);
      const attempt = (password: string, cookie?: string) =>
        server.request('POST', LOGIN, { body: { email: user.email, password }, ...(cookie ? { cookie } : {}) });
      const signedIn = await attempt(user.password);
      expect(signedIn.status).toBe(200);
      const [, device] = signedIn.headers.getSetCookie();
      expect(device).toMatch(new RegExp(`^__Host-tasklane_device=[^;]+; Path=/; Max-Age=${YEAR_S}; HttpOnly; SameSite=Lax; Secure$`));
      const pair = device!.split(';')[0]!;

      for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt(`wrong-password-${i}`)).status).toBe(401);
      expect((await attempt(user.password, pair.replace(/^__Host-/, ''))).status).toBe(429);
      expect((await attempt(user.password, pair)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('device cookies across app instances', () => {
  it('one instance honours the device cookie another issued: the signing key is shared through the database', async () => {
    const limits = { authRateLimit: { perIp: 100_000, windowMs: 60_000 }, loginFailures: { max: MAX_FAILURES, maxPerIp: 100_000, windowMs: 900_000 } };
    const first = await startTestServer(limits);
    const second = await startTestServer(limits, { databaseUrl: first.databaseUrl });
    try {
      const user = await buildUser(first);
      const attempt = (server: TestServer, password: string, cookie?: string) =>
        server.request('POST', LOGIN, { body: { email: user.email, password }, ...(cookie ? { cookie } : {}) });
      const device = deviceCookieFrom(await attempt(first, user.password));
      for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt(second, `wrong-password-${i}`)).status).toBe(401);
      expect((await attempt(first, user.password)).status).toBe(429);
      expect((await attempt(second, user.password, device)).status).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
