import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistration, buildSignedInUser, tokenFromCookie } from '../../test/factories.js';
import { sessionCookieFrom, startTestServer, type TestServer } from '../../test/test-server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function parsedLogs(server: TestServer): Array<Record<string, unknown>> {
  return server.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('HTTP layer: bodies, headers, request ids, logs, JSON 404s', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimit: { perIp: 10_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('request bodies', () => {
    it('answers a JSON body over 1 MB with 413 and the envelope', async () => {
      const response = await server.request('POST', '/api/v1/auth/login', {
        body: { email: 'big@example.com', password: 'x'.repeat(1024 * 1024 + 1) },
      });
      expect(response.status).toBe(413);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    });

    it('accepts a JSON body just under 1 MB from a signed-in user (it fails validation, not the size limit)', async () => {
      const { cookie } = await buildSignedInUser(server);
      const response = await server.request('POST', '/api/v1/categories', {
        cookie,
        body: { name: 'x'.repeat(1000 * 1000), slug: 'big', type: 'TODO' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    });

    it('answers a text/plain body with 415 and the envelope', async () => {
      const response = await server.request('POST', '/api/v1/auth/login', {
        rawBody: '{"email":"a@b.co","password":"12345678"}',
        headers: { 'content-type': 'text/plain' },
      });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('answers other non-JSON content types with 415 and the envelope', async () => {
      for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
        const response = await server.request('POST', '/api/v1/auth/login', {
          rawBody: 'email=a',
          headers: { 'content-type': contentType },
        });
        expect(response.status, contentType).toBe(415);
        expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    });

    it('accepts JSON with a charset parameter', async () => {
      const response = await server.request('POST', '/api/v1/auth/register', {
        rawBody: JSON.stringify(buildRegistration()),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(response.status).toBe(201);
    });
  });

  describe('security headers', () => {
    it.each(['/api/v1/health', '/api/v1/users/me', '/api/v1/no-such-route'])('are set on %s', async (path) => {
      const response = await server.request('GET', path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
      expect(response.headers.get('x-powered-by')).toBeNull();
    });

    it('sends no HSTS over plain HTTP', async () => {
      const response = await server.request('GET', '/api/v1/health');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    });
  });

  describe('request ids', () => {
    it('puts an x-request-id on every response, errors and 404s included', async () => {
      const responses = [
        await server.request('GET', '/api/v1/health'),
        await server.request('GET', '/api/v1/no-such-route'),
        await server.request('GET', '/api/v1/users/me'),
        await server.request('POST', '/api/v1/auth/login', { body: {} }),
        await server.request('POST', '/api/v1/auth/login', { body: {}, headers: { origin: 'http://evil.example' } }),
      ];
      expect(responses.map((response) => response.status)).toEqual([200, 404, 401, 400, 403]);
      const ids = responses.map((response) => response.headers.get('x-request-id'));
      for (const id of ids) expect(id).toMatch(UUID);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('logs the id as reqId on the request lines', async () => {
      const response = await server.request('GET', '/api/v1/no-such-route-for-logs');
      const id = response.headers.get('x-request-id');
      const lines = parsedLogs(server).filter((line) => line.reqId === id);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.some((line) => line.msg === 'request completed' || (line.res as any)?.statusCode === 404)).toBe(true);
    });

    it('writes one line per request, when it completes, with what came in and what went out (issue 15)', async () => {
      const response = await server.request('GET', '/api/v1/users/me');
      const id = response.headers.get('x-request-id');
      const lines = parsedLogs(server).filter((line) => line.reqId === id);
      expect(lines.map((line) => line.msg)).toEqual(['request completed']);
      expect(lines[0]).toMatchObject({ req: { method: 'GET', url: '/api/v1/users/me' }, res: { statusCode: 401 } });
      expect(typeof lines[0]!.responseTime).toBe('number');
    });

    it('echoes a well-formed incoming x-request-id, and logs it', async () => {
      const incoming = `lb-${Date.now()}.abc:42_x`;
      // The health route logs only warnings (probes are frequent), so another route is used.
      const response = await server.request('GET', '/api/v1/users/me', { headers: { 'x-request-id': incoming } });
      expect(response.status).toBe(401);
      expect(response.headers.get('x-request-id')).toBe(incoming);
      expect(parsedLogs(server).some((line) => line.reqId === incoming)).toBe(true);
    });

    it.each([
      ['spaces', 'has spaces in it'],
      ['too long', 'a'.repeat(129)],
      ['a log-injection attempt', 'abc"}\\n{"level":60'],
    ])('replaces an incoming id with %s by its own', async (_name, incoming) => {
      const response = await server.request('GET', '/api/v1/health', { headers: { 'x-request-id': incoming } });
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    });
  });

  describe('logs', () => {
    it('never contain the password, its hash or the raw session token', async () => {
      const registration = buildRegistration({ password: 'Very-Distinct-Secret-7731' });
      expect((await server.request('POST', '/api/v1/auth/register', { body: registration })).status).toBe(201);
      const login = await server.request('POST', '/api/v1/auth/login', {
        body: { email: registration.email, password: registration.password },
      });
      expect(login.status).toBe(200);
      const cookie = sessionCookieFrom(login);
      const token = tokenFromCookie(cookie);
      await server.request('GET', '/api/v1/users/me', { cookie });
      await server.request('POST', '/api/v1/auth/login', {
        body: { email: registration.email, password: 'Wrong-Distinct-Secret-8842' },
      });
      await server.request('POST', '/api/v1/auth/logout', { cookie });

      expect(server.logs.length).toBeGreaterThan(0);
      for (const line of server.logs) {
        expect(line).not.toContain(registration.password);
        expect(line).not.toContain('Wrong-Distinct-Secret-8842');
        expect(line).not.toContain(token);
        expect(line).not.toContain('$argon2');
      }
    });

    it('every log line is JSON, and request lines carry reqId', async () => {
      await buildSignedInUser(server);
      const lines = parsedLogs(server);
      for (const line of lines) {
        if (line.req || line.res) expect(line.reqId).toEqual(expect.any(String));
      }
    });
  });

  describe('/api/* never answers HTML', () => {
    it.each([
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/v1'],
      ['GET', '/api/v1/nope'],
      ['GET', '/api/v2/users'],
      ['GET', '/api/v1/users/me/extra'],
      ['POST', '/api/v1/nope'],
      ['DELETE', '/api/v1/auth/login'],
      ['GET', '/api/v1/nope.js'],
    ])('%s %s → JSON 404 envelope', async (method, path) => {
      const response = await server.request(method, path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.text).not.toMatch(/<html/i);
      expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'NOT_FOUND' });
    });
  });
});
