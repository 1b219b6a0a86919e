import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const PUBLIC_URL = 'https://tasks.example.com';
const ADMIN_ORIGIN = 'https://admin.example.com:8443';
const ME = '/api/v1/users/me';
const LOGIN = '/api/v1/auth/login';
const HEALTH = '/api/v1/health';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: any };

/** fetch() cannot set Host; node:http can. */
function send(server: TestServer, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method,
        path,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const MISDIRECTED = { success: false, message: expect.any(String), code: 'MISDIRECTED_REQUEST' };

describe('PUBLIC_URL: requests for another host are refused (DNS rebinding)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { publicUrl: PUBLIC_URL, allowedOrigins: [ADMIN_ORIGIN], authRateLimit: { perIp: 10_000, windowMs: 60_000 } },
      { recordQueries: false },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['a foreign name (a rebound DNS name)', 'evil.example'],
    ['the server address', '127.0.0.1'],
    ['the public name on another port', 'tasks.example.com:8080'],
    ['a name that ends like the public one', 'eviltasks.example.com'],
  ])('refuses %s with 421 in the envelope, with the security headers', async (_name, host) => {
    for (const path of [ME, '/', '/api/v1/no-such-route']) {
      const response = await send(server, 'GET', path, { host });
      expect(response.status, path).toBe(421);
      expect(response.body).toEqual(MISDIRECTED);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a sign-in sent to a foreign name before reading it: no session', async () => {
    const user = await buildUser(server);
    const response = await send(server, 'POST', LOGIN, { host: 'evil.example' }, { email: user.email, password: user.password });
    expect(response.status).toBe(421);
    expect(response.body).toEqual(MISDIRECTED);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['the public name', 'tasks.example.com'],
    ['the public name in capitals, with its default port', 'TASKS.Example.COM:443'],
    ['the host of an allowed origin', 'admin.example.com:8443'],
  ])('serves %s', async (_name, host) => {
    expect((await send(server, 'GET', ME, { host })).status).toBe(401);
  });

  it('answers health probes whatever the Host (load balancers probe by address), the fast path too', async () => {
    for (const host of ['10.0.0.7:3000', 'evil.example', 'tasks.example.com', '10.0.0.7:3000']) {
      const response = await send(server, 'GET', HEALTH, { host });
      expect(response.status, host).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('takes PUBLIC_URL as the own origin of the origin check, also behind TLS termination', async () => {
    const user = await buildUser(server);
    const login = (origin: string) =>
      send(server, 'POST', LOGIN, { host: 'tasks.example.com', origin }, { email: user.email, password: user.password });
    expect((await login(PUBLIC_URL)).status).toBe(200);
    expect((await login(ADMIN_ORIGIN)).status).toBe(200);
    expect((await login('http://tasks.example.com')).status).toBe(403);
    expect((await login('https://evil.example')).status).toBe(403);
  });
});

describe('PUBLIC_URL behind a proxy', () => {
  it('judges X-Forwarded-Host with TRUST_PROXY, and only then', async () => {
    const trusting = await startTestServer({ publicUrl: PUBLIC_URL, trustProxy: true });
    const direct = await startTestServer({ publicUrl: PUBLIC_URL });
    try {
      expect((await send(trusting, 'GET', ME, { host: 'app:3000', 'x-forwarded-host': 'tasks.example.com' })).status).toBe(401);
      expect((await send(trusting, 'GET', ME, { host: 'tasks.example.com', 'x-forwarded-host': 'evil.example' })).status).toBe(421);
      expect((await send(direct, 'GET', ME, { host: 'tasks.example.com', 'x-forwarded-host': 'evil.example' })).status).toBe(401);
      expect((await send(direct, 'GET', ME, { host: 'app:3000', 'x-forwarded-host': 'tasks.example.com' })).status).toBe(421);
    } finally {
      await trusting.close();
      await direct.close();
    }
  });
});

describe('without PUBLIC_URL', () => {
  it('serves any Host, as before', async () => {
    const server = await startTestServer();
    try {
      expect((await send(server, 'GET', ME, { host: 'anything.example' })).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
