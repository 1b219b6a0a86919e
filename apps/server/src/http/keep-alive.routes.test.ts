import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { KEEP_ALIVE_TIMEOUT_MS } from '../app.js';

/** One GET through `agent`, with whether it went out on a socket an earlier request had used. */
function get(url: string, agent: http.Agent): Promise<{ status: number; keepAlive: string | undefined; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      const keepAlive = response.headers['keep-alive'];
      response.on('end', () => resolve({ status: response.statusCode ?? 0, keepAlive: typeof keepAlive === 'string' ? keepAlive : undefined, reusedSocket: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

// The production server (the health fast path in front of Fastify, through a server factory),
// and the one Fastify makes itself (tests that record queries).
for (const recordQueries of [false, true]) {
  describe(`keep-alive connections (${recordQueries ? 'the server Fastify makes' : 'the production server'})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({}, { recordQueries });
    });
    afterAll(async () => {
      await server.close();
    });

    it(`tells clients it keeps an idle connection ${KEEP_ALIVE_TIMEOUT_MS / 1000} s, on the fast health path and on the API`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const path of ['/api/v1/health', '/api/v1/health', '/api/v1/users/me']) {
          const answer = await get(`${server.url}${path}`, agent);
          expect(answer.keepAlive).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
        }
      } finally {
        agent.destroy();
      }
    });

    it.runIf(!recordQueries)("still answers on a connection left idle past Node's own 5 s", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect((await get(`${server.url}/api/v1/health`, agent)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        const later = await get(`${server.url}/api/v1/users/me`, agent);
        expect(later.reusedSocket).toBe(true);
        expect(later.status).toBe(401);
      } finally {
        agent.destroy();
      }
    }, 20_000);
  });
}
