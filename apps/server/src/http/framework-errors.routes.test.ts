import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';

type RawResponse = { status: number; headers: Record<string, string>; body: unknown; isClosed: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Writes the bytes by hand and reads the first answer; whether the server then closed the connection. */
function exchange(server: TestServer, bytes: string): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let isClosed = false;
    const settle = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const headerEnd = text.indexOf('\r\n\r\n');
      if (headerEnd === -1) return reject(new Error(`No complete answer: ${JSON.stringify(text)}`));
      const [statusLine = '', ...lines] = text.slice(0, headerEnd).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length']);
      const bodyText = Buffer.from(text.slice(headerEnd + 4)).subarray(0, length).toString('utf8');
      socket.destroy();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(bodyText), isClosed });
    };
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      isClosed = true;
      settle();
    });
    socket.on('error', reject);
    // Answers the server keeps the connection open after (with Connection: close asked for, it will not).
    socket.setTimeout(5000, settle);
    socket.write(bytes);
  });
}

function expectEnvelopeAndHeaders(response: RawResponse, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ success: false, message: expect.any(String), code });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-request-id']).toMatch(UUID);
  expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('same-origin');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
}

describe("Fastify's and Node's own refusals answer in the envelope, with the security headers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`;

  it('a URL whose percent-encoding is malformed: 400', async () => {
    const response = await exchange(server, get('/api/v1/tasks/%E0%A4%A'));
    expectEnvelopeAndHeaders(response, 400, 'BAD_REQUEST');
  });

  it('a path parameter longer than any id: 414', async () => {
    const response = await exchange(server, get(`/api/v1/tasks/${'a'.repeat(200)}`));
    expectEnvelopeAndHeaders(response, 414, 'URI_TOO_LONG');
  });

  it('a NUL in the URL: 400', async () => {
    const response = await exchange(server, get('/api/v1/tasks/a%00b'));
    expectEnvelopeAndHeaders(response, 400, 'VALIDATION_ERROR');
  });

  it('headers past the 16 KB Node reads: 431, and the connection is closed', async () => {
    const response = await exchange(server, get('/api/v1/health', `X-Padding: ${'a'.repeat(20 * 1024)}\r\n`));
    expectEnvelopeAndHeaders(response, 431, 'HEADERS_TOO_LARGE');
    expect(response.isClosed).toBe(true);
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n'],
    ['a header line without a colon', 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n'],
    ['two Content-Lengths that disagree', 'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}'],
  ])('a malformed request (%s): 400, and the connection is closed', async (_name, bytes) => {
    const response = await exchange(server, bytes);
    expectEnvelopeAndHeaders(response, 400, 'BAD_REQUEST');
    expect(response.isClosed).toBe(true);
  });

});

describe('Cache-Control on API answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['GET', '/api/v1/health', 200],
    ['GET', '/api/v1/users/me', 401],
    ['GET', '/api/v1/no-such-route', 404],
    ['POST', '/api/v1/auth/login', 400],
    ['GET', '/api/docs/openapi.json', 200],
  ])('%s %s (%i) is no-store', async (method, path, status) => {
    const response = await server.request(method, path, method === 'POST' ? { body: {} } : {});
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
