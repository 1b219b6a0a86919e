import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { HEALTH_CHECK_TTL_MS } from './health-fast-path.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Headers that differ per answer by nature. */
const perAnswer = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);

function stableHeaders(headers: Headers) {
  return Object.fromEntries([...headers].filter(([name]) => !perAnswer.has(name)));
}

describe('GET /api/v1/health, answered without Fastify for a second after a database check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { recordQueries: false });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers probes within the second exactly as the full route did, each with its own request id', async () => {
    const full = await server.request('GET', '/api/v1/health');
    const fast = await server.request('GET', '/api/v1/health');
    const again = await server.request('GET', '/api/v1/health', { headers: { 'x-request-id': 'lb-probe-42' } });
    for (const response of [full, fast, again]) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
    }
    expect(stableHeaders(fast.headers)).toEqual(stableHeaders(full.headers));
    expect(fast.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(fast.headers.get('content-type')).toMatch(/^application\/json/);
    expect(fast.headers.get('x-request-id')).toMatch(UUID);
    expect(fast.headers.get('x-request-id')).not.toBe(full.headers.get('x-request-id'));
    expect(again.headers.get('x-request-id')).toBe('lb-probe-42');
  });

  it('checks the database again once the second has passed, and says so when it is down', async () => {
    const other = await startTestServer({}, { recordQueries: false });
    try {
      expect((await other.request('GET', '/api/v1/health')).status).toBe(200);
      await other.database.close();
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_TTL_MS + 50));
      const response = await other.request('GET', '/api/v1/health');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'unavailable' });
    } finally {
      await other.close();
    }
  });

  it('leaves anything but an exact GET of the path to the full route', async () => {
    await server.request('GET', '/api/v1/health');
    const withQuery = await server.request('GET', '/api/v1/health?probe=1');
    expect(withQuery.status).toBe(200);
    const post = await server.request('POST', '/api/v1/health');
    expect(post.status).toBe(404);
  });
});
