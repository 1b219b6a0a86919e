import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistration, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

const LOGIN = '/api/v1/auth/login';
const REGISTER = '/api/v1/auth/register';

/** A distinct client address per test, so that tests share no per-IP window. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;

function expectRateLimited(response: { status: number; headers: Headers; body: any }) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'RATE_LIMITED' });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
}

describe('per-IP rate limit on login and register', () => {
  let server: TestServer;
  beforeAll(async () => {
    // trustProxy lets each test speak from its own address through X-Forwarded-For.
    server = await startTestServer({ authRateLimit: { perIp: 3, windowMs: 60_000 }, trustProxy: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the 4th login in the window with 429 and retry-after', async () => {
    const ip = freshIp();
    const user = await buildUser(server);
    const headers = { 'x-forwarded-for': ip };
    for (let i = 0; i < 3; i++) {
      const response = await server.request('POST', LOGIN, { headers, body: { email: user.email, password: user.password } });
      expect(response.status).toBe(200);
    }
    const fourth = await server.request('POST', LOGIN, { headers, body: { email: user.email, password: user.password } });
    expectRateLimited(fourth);
    expect(Number(fourth.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(fourth.headers.get('set-cookie')).toBeNull();
  });

  it('answers the 4th register in the window with 429, and creates no account', async () => {
    const headers = { 'x-forwarded-for': freshIp() };
    for (let i = 0; i < 3; i++) {
      expect((await server.request('POST', REGISTER, { headers, body: buildRegistration() })).status).toBe(201);
    }
    const registration = buildRegistration();
    expectRateLimited(await server.request('POST', REGISTER, { headers, body: registration }));
    // The account was not created: once allowed again (another address), the email is free.
    const later = await server.request('POST', REGISTER, {
      headers: { 'x-forwarded-for': freshIp() },
      body: registration,
    });
    expect(later.status).toBe(201);
  });

  it('counts failed logins and registrations against the same window', async () => {
    const headers = { 'x-forwarded-for': freshIp() };
    const user = await buildUser(server);
    expect((await server.request('POST', LOGIN, { headers, body: { email: user.email, password: 'wrong-pass-1' } })).status).toBe(401);
    expect((await server.request('POST', REGISTER, { headers, body: buildRegistration() })).status).toBe(201);
    expect((await server.request('POST', LOGIN, { headers, body: { email: 'nobody@example.com', password: 'x-y-z-1234' } })).status).toBe(401);
    expectRateLimited(await server.request('POST', LOGIN, { headers, body: { email: user.email, password: user.password } }));
  });

  it('limits each address on its own: another client still signs in', async () => {
    const headers = { 'x-forwarded-for': freshIp() };
    const user = await buildUser(server);
    const credentials = { email: user.email, password: user.password };
    for (let i = 0; i < 3; i++) await server.request('POST', LOGIN, { headers, body: credentials });
    expectRateLimited(await server.request('POST', LOGIN, { headers, body: credentials }));

    const other = await server.request('POST', LOGIN, { headers: { 'x-forwarded-for': freshIp() }, body: credentials });
    expect(other.status).toBe(200);
  });
});

describe('per-account cap on failed logins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      authRateLimit: { perIp: 10_000, windowMs: 60_000 },
      // The per-address cap has its own tests (login-devices.routes.test.ts).
      loginFailures: { max: 3, maxPerIp: 10_000, windowMs: 900_000 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const attempt = (email: string, password: string) => server.request('POST', LOGIN, { body: { email, password } });

  it('after 3 wrong passwords refuses even the right one with 429, while another account still signs in', async () => {
    const victim = await buildUser(server);
    const bystander = await buildUser(server);
    for (let i = 0; i < 3; i++) {
      const response = await attempt(victim.email, `wrong-password-${i}`);
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Invalid email or password');
    }

    const locked = await attempt(victim.email, victim.password);
    expectRateLimited(locked);
    expect(locked.body.message).toMatch(/try again/i);
    expect(locked.headers.get('set-cookie')).toBeNull();
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);

    // The email in another case is the same account.
    expectRateLimited(await attempt(victim.email.toUpperCase(), victim.password));

    expect((await attempt(bystander.email, bystander.password)).status).toBe(200);
  });

  it('resets the count on a successful sign-in before the cap', async () => {
    const user = await buildUser(server);
    for (let round = 0; round < 3; round++) {
      expect((await attempt(user.email, 'wrong-password-a')).status).toBe(401);
      expect((await attempt(user.email, 'wrong-password-b')).status).toBe(401);
      expect((await attempt(user.email, user.password)).status).toBe(200);
    }
  });

  it('caps unknown emails too, with the same 429', async () => {
    const email = `ghost_${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 3; i++) expect((await attempt(email, 'whatever-123')).status).toBe(401);
    expectRateLimited(await attempt(email, 'whatever-123'));
  });
});
