import type { TestServer } from './test-server.js';

export type RegisteredRoute = { method: string; path: string };

/**
 * Every route the server registered, read from Fastify's own route tree, so that a route added
 * without documentation, or without a row in the authorization audit, fails its test.
 */
export function registeredRoutes(server: Pick<TestServer, 'app'>): RegisteredRoute[] {
  const tree = server.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const segment = match[2]!;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + segment;
    stack[depth] = full;
    for (const method of (match[3] ?? '').split(',').map((value) => value.trim()).filter(Boolean)) {
      routes.push({ method, path: full });
    }
  }
  return routes;
}

/** The API's own operations: /api/v1 routes without the HEAD and OPTIONS Fastify adds. */
export function apiOperations(server: Pick<TestServer, 'app'>): string[] {
  return registeredRoutes(server)
    .filter((route) => route.path.startsWith('/api/v1/') && route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => `${route.method} ${route.path}`)
    .sort();
}
