import { randomUUID } from 'node:crypto';
import type http from 'node:http';

export const HEALTH_PATH = '/api/v1/health';
const HEALTHY_BODY = JSON.stringify({ status: 'ok' });
/** How long a database check answers for: probes in between get its result without a query. */
export const HEALTH_CHECK_TTL_MS = 1000;

/**
 * Load balancers probe GET /api/v1/health many times a second. Once the full route (Fastify,
 * its hooks, a database ping) has answered ok, the next second's probes are answered straight
 * from node:http with the very headers that answer carried (security headers included) and a
 * request id of their own; after that second the full route checks the database again.
 * Anything but an exact GET of the path, or an answer other than ok, goes the full way.
 */
export function createHealthFastPath(isRequestId: (value: string) => boolean) {
  let headers: http.OutgoingHttpHeaders | undefined;
  let checkedAt = 0;
  let isOpen = true;

  return {
    /** The full route answered ok with these headers, after checking the database. */
    remember(replyHeaders: Record<string, unknown>) {
      const kept: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(replyHeaders)) {
        if (['x-request-id', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) continue;
        if (value !== undefined) kept[name] = value as http.OutgoingHttpHeader;
      }
      headers = kept;
      checkedAt = Date.now();
    },
    /** Stops answering (the server is closing: probes must reach Fastify's 503). */
    close() {
      isOpen = false;
    },
    /** Answers the probe and returns true, or returns false to let Fastify handle it. */
    serve(request: http.IncomingMessage, response: http.ServerResponse): boolean {
      if (!isOpen || !headers || request.method !== 'GET' || request.url !== HEALTH_PATH) return false;
      if (Date.now() - checkedAt >= HEALTH_CHECK_TTL_MS) return false;
      const incoming = request.headers['x-request-id'];
      const requestId = typeof incoming === 'string' && isRequestId(incoming) ? incoming : randomUUID();
      response.writeHead(200, { ...headers, 'x-request-id': requestId, 'content-length': Buffer.byteLength(HEALTHY_BODY) });
      response.end(HEALTHY_BODY);
      return true;
    },
  };
}

export type HealthFastPath = ReturnType<typeof createHealthFastPath>;
