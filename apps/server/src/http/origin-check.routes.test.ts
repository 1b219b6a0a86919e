import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { createUnsubscribeToken, loadUnsubscribeKey } from '../modules/notification-email/unsubscribe-tokens.js';

const LOGIN = '/api/v1/auth/login';
const FORBIDDEN_BODY = { success: false, message: expect.any(String), code: 'FORBIDDEN' };

describe('origin check on state-changing requests (CSRF)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimit: { perIp: 10_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  async function login(headers: Record<string, string>) {
    const user = await buildUser(server);
    return server.request('POST', LOGIN, { headers, body: { email: user.email, password: user.password } });
  }

  it.each([
    ['a foreign Origin', { origin: 'http://evil.example' }],
    ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }],
    ['a foreign Referer without Origin', { referer: 'http://evil.example/attack.html' }],
    ['the own host on another port', { origin: 'http://127.0.0.1:1' }],
    ['the own host over another scheme', { origin: 'https://127.0.0.1' }],
    ['a foreign Origin even with an own Referer', { origin: 'http://evil.example', referer: 'http://127.0.0.1/' }],
    ['an Origin that is not a URL', { origin: 'not a url' }],
  ])('refuses POST /auth/login with %s: 403 FORBIDDEN, no cookie', async (_name, headers) => {
    const response = await login(headers);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(FORBIDDEN_BODY);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('accepts the own origin and the own Referer', async () => {
    expect((await login({ origin: server.url })).status).toBe(200);
    expect((await login({ referer: `${server.url}/login?next=%2Flist` })).status).toBe(200);
  });

  it('accepts requests with neither Origin nor Referer (clients outside a browser)', async () => {
    expect((await login({})).status).toBe(200);
  });

  it('refuses a cross-origin form-encoded POST (the classic CSRF form) with 403', async () => {
    const user = await buildUser(server);
    const response = await server.request('POST', LOGIN, {
      rawBody: new URLSearchParams({ email: user.email, password: user.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(FORBIDDEN_BODY);
  });

  it('lets through only the one-click unsubscribe (its token, not a cookie, authorises it), and nothing else of notifications', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const token = createUnsubscribeToken(await loadUnsubscribeKey(server.database.db), user.id, ['COMMENT']);
    server.auditSecret(token);
    const unsubscribe = await server.request('POST', `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://webmail.example' },
    });
    expect(unsubscribe.status, unsubscribe.text).toBe(200);
    const settings = await server.request('PUT', '/api/v1/users/me/notification-settings', {
      cookie,
      headers: { origin: 'http://evil.example' },
      body: { kinds: { COMMENT: 'EMAIL' } },
    });
    expect(settings.status).toBe(403);
    expect((await server.request('PUT', '/api/v1/notifications/read-all', { cookie, headers: { origin: 'http://evil.example' } })).status).toBe(403);
  });

  it('refuses a cross-origin text/plain POST with 403', async () => {
    const response = await server.request('POST', LOGIN, {
      rawBody: '{"email":"a@b.co","password":"12345678"}',
      headers: { 'content-type': 'text/plain', origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(FORBIDDEN_BODY);
  });

  it('guards register and logout too: a cross-origin logout does not end the session', async () => {
    const register = await server.request('POST', '/api/v1/auth/register', {
      headers: { origin: 'http://evil.example' },
      body: { username: 'csrf_victim', fullName: 'Csrf Victim', email: 'csrf@example.com', password: 'csrf-password-1' },
    });
    expect(register.status).toBe(403);

    const { cookie } = await buildSignedInUser(server);
    const logout = await server.request('POST', '/api/v1/auth/logout', { cookie, headers: { origin: 'http://evil.example' } });
    expect(logout.status).toBe(403);
    expect((await server.request('GET', '/api/v1/users/me', { cookie })).status).toBe(200);
  });

  it('never refuses GET requests, whatever their Origin', async () => {
    const { cookie } = await buildSignedInUser(server);
    const foreign: Array<Record<string, string>> = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { referer: 'http://evil.example/' },
    ];
    for (const headers of foreign) {
      expect((await server.request('GET', '/api/v1/users/me', { cookie, headers })).status).toBe(200);
      expect((await server.request('GET', '/api/v1/health', { headers })).status).toBe(200);
    }
  });
});

describe('origin check with ALLOWED_ORIGINS', () => {
  it('accepts an extra allowed origin and still refuses others', async () => {
    const server = await startTestServer({ allowedOrigins: ['https://app.example.com'] });
    try {
      const user = await buildUser(server);
      const body = { email: user.email, password: user.password };
      expect((await server.request('POST', LOGIN, { body, headers: { origin: 'https://app.example.com' } })).status).toBe(200);
      expect((await server.request('POST', LOGIN, { body, headers: { origin: 'https://evil.example.com' } })).status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
