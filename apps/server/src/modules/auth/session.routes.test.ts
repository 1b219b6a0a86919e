import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, tokenFromCookie } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { sessions } from '../../db/schema.js';

const ME = '/api/v1/users/me';
const LOGOUT = '/api/v1/auth/logout';
const DAY_MS = 24 * 60 * 60 * 1000;
const UNAUTHORIZED_BODY = { success: false, message: expect.any(String), code: 'UNAUTHORIZED' };

const sessionIdOf = (cookie: string) => createHash('sha256').update(tokenFromCookie(cookie)).digest('hex');

describe('session lifecycle: /users/me, expiry, sliding refresh, logout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimit: { perIp: 10_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  async function sessionRow(cookie: string) {
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(cookie)));
    return row;
  }

  describe('GET /api/v1/users/me', () => {
    it('answers the signed-in user', async () => {
      const { user, cookie } = await buildSignedInUser(server);
      const response = await server.request('GET', ME, { cookie });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: {
          _id: user.id,
          username: user.username,
          fullName: user.fullName,
          email: user.email,
          avatar: null,
          createdAt: user.createdAt.toISOString(),
          // Whoever registered first on this test database is its administrator.
          isAdmin: expect.any(Boolean),
          twoFactorEnabled: false,
          // Not chosen yet (reminders use UTC until the web app saves the browser's).
          timeZone: null,
          // Issue 18: every display preference at its default until chosen.
          preferences: { todosLayout: 'cards', tasksLayout: 'cards' },
        },
      });
      expect(response.text).not.toMatch(/argon2|password|totp/i);
      // A fresh session is not refreshed on every request.
      expect(response.headers.get('set-cookie')).toBeNull();
    });

    it('answers 401 without a cookie', async () => {
      const response = await server.request('GET', ME);
      expect(response.status).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED_BODY);
    });

    it.each([
      ['garbage', 'tasklane_session=garbage'],
      ['an empty value', 'tasklane_session='],
      ['bad percent-encoding', 'tasklane_session=%E0%A4%A'],
      ['a well-formed token nobody holds', `tasklane_session=${'A'.repeat(43)}`],
      ['another cookie only', 'other=1'],
    ])('answers 401 for %s', async (_name, cookie) => {
      const response = await server.request('GET', ME, { cookie });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED_BODY);
    });

    it('answers 401 for an expired session, and clears the cookie', async () => {
      const { cookie } = await buildSignedInUser(server);
      await server.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(sessions.id, sessionIdOf(cookie)));

      const response = await server.request('GET', ME, { cookie });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED_BODY);
      const setCookie = response.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^tasklane_session=;/);
      expect(setCookie).toMatch(/Max-Age=0/);
      expect(setCookie).toMatch(/Path=\//);
    });
  });

  describe('sliding expiry', () => {
    it('moves expires_at forward and re-sends the cookie once the session was last refreshed over an hour ago', async () => {
      const { cookie } = await buildSignedInUser(server);
      const soon = new Date(Date.now() + DAY_MS);
      await server.database.db
        .update(sessions)
        .set({ expiresAt: soon, refreshedAt: sql`now() - interval '2 hours'` })
        .where(eq(sessions.id, sessionIdOf(cookie)));

      const before = Date.now();
      const response = await server.request('GET', ME, { cookie });
      expect(response.status).toBe(200);

      const row = await sessionRow(cookie);
      expect(row!.expiresAt.getTime()).toBeGreaterThan(before + 29 * DAY_MS);
      expect(row!.refreshedAt.getTime()).toBeGreaterThan(before - 60_000);

      const setCookie = response.headers.get('set-cookie') ?? '';
      expect(setCookie.startsWith(`${cookie};`)).toBe(true); // the same token, not a new one
      const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)?.[1]);
      expect(maxAge).toBeGreaterThan(29 * 24 * 60 * 60);
      expect(setCookie).toMatch(/HttpOnly; SameSite=Lax/);
    });

    it('leaves a session refreshed within the hour alone', async () => {
      const { cookie } = await buildSignedInUser(server);
      const soon = new Date(Date.now() + DAY_MS);
      await server.database.db
        .update(sessions)
        .set({ expiresAt: soon, refreshedAt: sql`now() - interval '10 minutes'` })
        .where(eq(sessions.id, sessionIdOf(cookie)));

      const response = await server.request('GET', ME, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect((await sessionRow(cookie))!.expiresAt.getTime()).toBe(soon.getTime());
    });
  });

  describe('POST /api/v1/auth/logout', () => {
    it('answers 200, clears the cookie and deletes the session, so the old cookie gets 401', async () => {
      const { cookie } = await buildSignedInUser(server);
      expect((await server.request('GET', ME, { cookie })).status).toBe(200);

      const response = await server.request('POST', LOGOUT, { cookie });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: expect.any(String) });
      const setCookie = response.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^tasklane_session=;/);
      expect(setCookie).toMatch(/Max-Age=0/);
      expect(setCookie).toMatch(/HttpOnly/);

      expect(await sessionRow(cookie)).toBeUndefined();
      const after = await server.request('GET', ME, { cookie });
      expect(after.status).toBe(401);
      expect(after.body).toEqual(UNAUTHORIZED_BODY);
    });

    it('ends only its own session: another session of the same user stays valid', async () => {
      const { user, cookie } = await buildSignedInUser(server);
      const other = await server.request('POST', '/api/v1/auth/login', {
        body: { email: user.email, password: user.password },
      });
      const otherCookie = (other.headers.get('set-cookie') ?? '').split(';')[0]!;

      expect((await server.request('POST', LOGOUT, { cookie })).status).toBe(200);
      expect((await server.request('GET', ME, { cookie })).status).toBe(401);
      expect((await server.request('GET', ME, { cookie: otherCookie })).status).toBe(200);
    });

    it('answers 200 without a session, and with a garbage or already-ended one', async () => {
      const { cookie } = await buildSignedInUser(server);
      await server.request('POST', LOGOUT, { cookie });
      for (const sent of [undefined, 'tasklane_session=garbage', cookie]) {
        const response = await server.request('POST', LOGOUT, { cookie: sent });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ success: true });
        expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
      }
    });

    it('accepts a JSON body or an empty JSON object', async () => {
      const { cookie } = await buildSignedInUser(server);
      const response = await server.request('POST', LOGOUT, { cookie, body: {} });
      expect(response.status).toBe(200);
      expect(await sessionRow(cookie)).toBeUndefined();
    });
  });
});
