import { allOperations, API_PREFIX, errorResponseSchema } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../app.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

/** The API's own routes, as `METHOD /path`, read from Fastify's onRoute hook (HEAD twins left out). */
function apiRoutes(server: TestServer): string[] {
  return registeredRoutes(server.app)
    .filter((route) => route.url.startsWith(`${API_PREFIX}/`) && route.method !== 'OPTIONS')
    .map((route) => `${route.method} ${route.url}`)
    .sort();
}

describe('the operation contract and the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('registers a route for every contract operation, and none without one (same method and path)', () => {
    const routes = apiRoutes(server);
    const operations = allOperations.map((operation) => `${operation.method} ${operation.path}`).sort();
    expect(routes.length).toBeGreaterThanOrEqual(49);
    expect(routes.filter((route) => !operations.includes(route)), 'routes without a contract entry').toEqual([]);
    expect(operations.filter((operation) => !routes.includes(operation)), 'contract entries without a route').toEqual([]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("documents each operation under its name, with its summary, tags and every status it declares", async () => {
    const { paths } = (await server.request('GET', '/api/docs/openapi.json')).body;
    for (const operation of allOperations) {
      const documented = paths[operation.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[operation.method.toLowerCase()];
      expect(documented, operation.name).toMatchObject({ operationId: operation.name, summary: operation.summary, tags: [...operation.tags] });
      const statuses = [...Object.keys(operation.responses), ...operation.errors.map(String), ...(operation.rawResponse ? ['200'] : [])];
      expect(Object.keys(documented.responses).sort(), operation.name).toEqual([...new Set(statuses)].sort());
    }
  });

  it('answers a declared error status with the contract error envelope', async () => {
    const response = await server.request('GET', '/api/v1/todos');
    expect(response.status).toBe(401);
    expect(errorResponseSchema.safeParse(response.body).success).toBe(true);
  });
});
