import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

describe('GET /api/v1/health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers ok after a real query, with a request id header', async () => {
    const response = await server.request('GET', '/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404, never the web app', async () => {
    const response = await server.request('GET', '/api/v1/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('GET /api/v1/health when the database is down', () => {
  it('answers 503 with status unavailable, and logs the cause', async () => {
    const server = await startTestServer();
    try {
      await server.database.close();
      const response = await server.request('GET', '/api/v1/health');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'unavailable' });
      expect(server.logs.some((line) => line.includes('database unavailable'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
