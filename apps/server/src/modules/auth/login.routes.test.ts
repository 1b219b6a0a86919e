import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistration, buildUser, tokenFromCookie } from '../../../test/factories.js';
import { sessionCookieFrom, startTestServer, type TestServer } from '../../../test/test-server.js';
import { sessions } from '../../db/schema.js';

const LOGIN = '/api/v1/auth/login';
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;
const COOKIE_PATTERN = /^tasklane_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=(\d+); HttpOnly; SameSite=Lax$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('POST /api/v1/auth/login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimit: { perIp: 10_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 200 with the user and sets the HttpOnly, SameSite=Lax session cookie for 30 days', async () => {
    const user = await buildUser(server);
    const response = await server.request('POST', LOGIN, { body: { email: user.email, password: user.password } });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        _id: user.id,
        username: user.username,
        fullName: user.fullName,
        email: user.email,
        avatar: null,
        createdAt: user.createdAt.toISOString(),
      },
    });
    expect(response.text).not.toContain(user.password);
    expect(response.text).not.toMatch(/argon2|password/i);

    // The session cookie first, then the device cookie (login-devices.routes.test.ts).
    const [setCookie = '', device] = response.headers.getSetCookie();
    expect(device).toMatch(/^tasklane_device=/);
    const match = COOKIE_PATTERN.exec(setCookie);
    expect(match, setCookie).not.toBeNull();
    const maxAge = Number(match![1]);
    expect(maxAge).toBeGreaterThan(THIRTY_DAYS_S - 60);
    expect(maxAge).toBeLessThanOrEqual(THIRTY_DAYS_S);
    expect(setCookie).not.toMatch(/Secure/);

    const me = await server.request('GET', '/api/v1/users/me', { cookie: sessionCookieFrom(response) });
    expect(me.status).toBe(200);
    expect(me.body.data._id).toBe(user.id);
  });

  it('works for an account created through register, with the email in any case and padded', async () => {
    const registration = buildRegistration();
    expect((await server.request('POST', '/api/v1/auth/register', { body: registration })).status).toBe(201);
    const response = await server.request('POST', LOGIN, {
      body: { email: `  ${registration.email.toUpperCase()} `, password: registration.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.email).toBe(registration.email);
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const user = await buildUser(server);
    const unknown = await server.request('POST', LOGIN, {
      body: { email: 'nobody-here@example.com', password: user.password },
    });
    const wrong = await server.request('POST', LOGIN, { body: { email: user.email, password: 'wrong-password-1' } });

    for (const response of [unknown, wrong]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Invalid email or password', code: 'UNAUTHORIZED' });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(unknown.text).toBe(wrong.text);
  });

  it('does not accept the password in another case', async () => {
    const user = await buildUser(server);
    const response = await server.request('POST', LOGIN, {
      body: { email: user.email, password: user.password.toUpperCase() },
    });
    expect(response.status).toBe(401);
  });

  it('issues a fresh token at every login, and both sessions stay valid', async () => {
    const user = await buildUser(server);
    const credentials = { email: user.email, password: user.password };
    const first = sessionCookieFrom(await server.request('POST', LOGIN, { body: credentials }));
    const second = sessionCookieFrom(await server.request('POST', LOGIN, { body: credentials }));

    expect(first).not.toBe(second);
    for (const cookie of [first, second]) {
      const me = await server.request('GET', '/api/v1/users/me', { cookie });
      expect(me.status).toBe(200);
      expect(me.body.data._id).toBe(user.id);
    }
  });

  it('stores only the SHA-256 of the token, never the token itself', async () => {
    const user = await buildUser(server);
    const cookie = sessionCookieFrom(
      await server.request('POST', LOGIN, { body: { email: user.email, password: user.password } }),
    );
    const token = tokenFromCookie(cookie);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    const rows = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('validates the body: email and password required, 400 envelope', async () => {
    const empty = await server.request('POST', LOGIN, { body: { email: '', password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Email is required' },
        { field: 'password', message: 'Password is required' },
      ]),
    );

    const missing = await server.request('POST', LOGIN, { body: {} });
    expect(missing.status).toBe(400);
    const fields = (missing.body.errors as Array<{ field: string }>).map((error) => error.field).sort();
    expect(fields).toEqual(['email', 'password']);
  });

  it('answers malformed JSON and non-JSON bodies with a 4xx envelope, never a 500', async () => {
    for (const [rawBody, contentType] of [
      ['{"email":', 'application/json'],
      ['', 'application/json'],
      ['email=a@b.c&password=12345678', 'application/x-www-form-urlencoded'],
      ['email', 'text/plain'],
    ] as const) {
      const response = await server.request('POST', LOGIN, { rawBody, headers: { 'content-type': contentType } });
      expect(response.status, `${contentType} ${rawBody}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${contentType} ${rawBody}`).toBeLessThan(500);
      expect(response.body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
    }
  });
});

describe('POST /api/v1/auth/login with COOKIE_SECURE on', () => {
  it('names the session cookie __Host-, with Secure, Path=/ and no Domain, and logout clears that name', async () => {
    const server = await startTestServer({ cookieSecure: true });
    try {
      const user = await buildUser(server);
      const response = await server.request('POST', LOGIN, { body: { email: user.email, password: user.password } });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()[0]).toMatch(
        /^__Host-tasklane_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
      );
      expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
      const cookie = sessionCookieFrom(response);
      expect((await server.request('GET', '/api/v1/users/me', { cookie })).status).toBe(200);

      const logout = await server.request('POST', '/api/v1/auth/logout', { cookie });
      expect(logout.status).toBe(200);
      expect(logout.headers.get('set-cookie')).toMatch(/^__Host-tasklane_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax; Secure; Expires=/);
      expect((await server.request('GET', '/api/v1/users/me', { cookie })).status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('reads the session only under the __Host- name (a cookie planted without the prefix is not one)', async () => {
    const server = await startTestServer({ cookieSecure: true });
    try {
      const user = await buildUser(server);
      const response = await server.request('POST', LOGIN, { body: { email: user.email, password: user.password } });
      const unprefixed = sessionCookieFrom(response).replace(/^__Host-/, '');
      expect((await server.request('GET', '/api/v1/users/me', { cookie: unprefixed })).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
