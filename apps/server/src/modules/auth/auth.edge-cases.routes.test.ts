import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistration, buildSignedInUser, buildUser, tokenFromCookie } from '../../../test/factories.js';
import { sessionCookieFrom, startTestServer, type TestServer } from '../../../test/test-server.js';
import { sessions, users } from '../../db/schema.js';

const REGISTER = '/api/v1/auth/register';
const LOGIN = '/api/v1/auth/login';
const LOGOUT = '/api/v1/auth/logout';
const ME = '/api/v1/users/me';

/** Edge cases of the auth API that a browser, a proxy or a hurried user can produce. */
describe('auth API edge cases', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The per-IP limit is proven elsewhere; here it must not interfere.
    server = await startTestServer({ authRateLimit: { perIp: 10_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  async function sessionsOf(userId: string) {
    return server.database.db.select().from(sessions).where(eq(sessions.userId, userId));
  }

  describe('registrations that race each other', () => {
    it('two simultaneous registrations of one email: one 201, one 409 "Email is already registered", never a 500', async () => {
      const first = buildRegistration();
      const second = buildRegistration({ email: first.email.toUpperCase() });
      const responses = await Promise.all([
        server.request('POST', REGISTER, { body: first }),
        server.request('POST', REGISTER, { body: second }),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      const refused = responses.find((response) => response.status === 409)!;
      expect(refused.body).toEqual({ success: false, message: 'Email is already registered', code: 'CONFLICT' });
      const rows = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, first.email));
      expect(rows).toHaveLength(1);
    });

    it('two simultaneous registrations of one username in different case: one 201, one 409 "Username is already taken"', async () => {
      const first = buildRegistration();
      const second = buildRegistration({ username: first.username.toUpperCase() });
      const responses = await Promise.all([
        server.request('POST', REGISTER, { body: first }),
        server.request('POST', REGISTER, { body: second }),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      const refused = responses.find((response) => response.status === 409)!;
      expect(refused.body).toEqual({ success: false, message: 'Username is already taken', code: 'CONFLICT' });
      const rows = await server.database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${first.username})`);
      expect(rows).toHaveLength(1);
    });
  });

  describe('passwords', () => {
    it('accepts a non-ASCII password and signs in with exactly it (and not a normalised look-alike)', async () => {
      const registration = buildRegistration({ password: 'pässwörd-日本-🔑 ok' });
      expect((await server.request('POST', REGISTER, { body: registration })).status).toBe(201);
      const login = await server.request('POST', LOGIN, { body: { email: registration.email, password: registration.password } });
      expect(login.status).toBe(200);
      const wrong = await server.request('POST', LOGIN, { body: { email: registration.email, password: 'passwort-日本-🔑 ok' } });
      expect(wrong.status).toBe(401);
    });

    it('refuses an over-long password with a 400 envelope, not a 500', async () => {
      const tooLong = 'x'.repeat(4_000);
      const register = await server.request('POST', REGISTER, { body: buildRegistration({ password: tooLong }) });
      expect(register.status).toBe(400);
      expect(register.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ field: 'password' }] });
      const user = await buildUser(server);
      const login = await server.request('POST', LOGIN, { body: { email: user.email, password: tooLong } });
      expect(login.status).toBe(400);
      expect(login.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    });

    it('refuses operator-like objects in place of the email or password with a 400 (no injection)', async () => {
      const user = await buildUser(server);
      for (const body of [
        { email: { $ne: null }, password: user.password },
        { email: user.email, password: { $ne: null } },
        { email: [user.email], password: user.password },
      ]) {
        const response = await server.request('POST', LOGIN, { body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(response.headers.get('set-cookie')).toBeNull();
      }
    });
  });

  describe('cookies as browsers send them', () => {
    it('finds the session among other cookies of the site', async () => {
      const { user, cookie } = await buildSignedInUser(server);
      const response = await server.request('GET', ME, { cookie: `theme=dark; ${cookie}; _ga=GA1.1.123` });
      expect(response.status).toBe(200);
      expect(response.body.data._id).toBe(user.id);
    });

    it.each([
      ['a malformed percent-encoding', 'tasklane_session=%E0%A4%A'],
      ['an empty value', 'tasklane_session='],
      ['a name without a value', 'tasklane_session'],
      ['a token of the right shape that was never issued', `tasklane_session=${'A'.repeat(43)}`],
      ['a very long value', `tasklane_session=${'a'.repeat(4000)}`],
      ['SQL in the value', "tasklane_session=x'%20or%20'1'%3D'1"],
    ])('answers %s with the 401 envelope, never a 500', async (_name, cookie) => {
      const response = await server.request('GET', ME, { cookie });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'UNAUTHORIZED' });
    });

    it('a session cookie sent twice (an old and a new one) still finds a valid session when the first is valid', async () => {
      const { cookie } = await buildSignedInUser(server);
      const response = await server.request('GET', ME, { cookie: `${cookie}; tasklane_session=${'B'.repeat(43)}` });
      expect(response.status).toBe(200);
    });
  });

  describe('logout as the web client sends it', () => {
    // SPEC.md section 7: "All calls go to one fixed API host, JSON content type, credentials
    // included" — so the client's logout carries Content-Type: application/json and no body.
    it('signs out when the request has the JSON content type but no body', async () => {
      const { user, cookie } = await buildSignedInUser(server);
      const response = await server.request('POST', LOGOUT, {
        cookie,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: expect.any(String) });
      expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
      expect(await sessionsOf(user.id)).toHaveLength(0);
      expect((await server.request('GET', ME, { cookie })).status).toBe(401);
    });

    it('signs out with the JSON content type and a null body', async () => {
      const { user, cookie } = await buildSignedInUser(server);
      const response = await server.request('POST', LOGOUT, { cookie, body: null });
      expect(response.status).toBe(200);
      expect(await sessionsOf(user.id)).toHaveLength(0);
    });
  });

  describe('request bodies a proxy may stream', () => {
    it('answers a chunked JSON body over 1 MB (no Content-Length) with 413 and the envelope', async () => {
      const big = new TextEncoder().encode(
        JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(1024 * 1024 + 16) }),
      );
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < big.length; offset += 64 * 1024) {
            controller.enqueue(big.slice(offset, offset + 64 * 1024));
          }
          controller.close();
        },
      });
      const response = await fetch(server.url + LOGIN, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit & { duplex: 'half' });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ success: false, message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    });
  });

  describe('sessions of a signed-in user', () => {
    it('a login while already signed in issues a new session and leaves the old one valid', async () => {
      const { user, cookie } = await buildSignedInUser(server);
      const again = await server.request('POST', LOGIN, { cookie, body: { email: user.email, password: user.password } });
      expect(again.status).toBe(200);
      const fresh = sessionCookieFrom(again);
      expect(tokenFromCookie(fresh)).not.toBe(tokenFromCookie(cookie));
      expect((await server.request('GET', ME, { cookie })).status).toBe(200);
      expect((await server.request('GET', ME, { cookie: fresh })).status).toBe(200);
      const rows = await server.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(2);
    });
  });
});
