import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

describe('flood throttle on the API, per client address', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    // Behind a proxy the client address comes from X-Forwarded-For: two addresses, one server.
    server = await startTestServer({ apiRateLimit: { perIp: 20, windowMs: 60_000 }, trustProxy: true });
    ({ cookie } = await buildSignedInUser(server));
  });
  afterAll(async () => {
    await server.close();
  });

  const from = (address: string) => ({ cookie, headers: { 'x-forwarded-for': address } });

  it('answers a flood from one address with 429 and Retry-After, while another address is still served', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await server.request('GET', '/api/v1/todos', from('203.0.113.7'))).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(-5)).toEqual(Array(5).fill(429));

    const refused = await server.request('GET', '/api/v1/workspaces', from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringContaining('Too many requests') });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    expect((await server.request('GET', '/api/v1/todos', from('198.51.100.9'))).status).toBe(200);
    // Load balancers keep probing health from anywhere.
    expect((await server.request('GET', '/api/v1/health', from('203.0.113.7'))).status).toBe(200);
  });
});
