import type { FastifyRequest } from 'fastify';

/**
 * A URL with the secrets of the links people are handed (an invite's `invite=`, a password
 * reset's `token=`, a calendar feed's `/calendar/{token}.ics`, decision 037) replaced, so the
 * request log line never holds one (issue 16).
 */
export function redactLinkTokens(url: string | undefined): string | undefined {
  return url?.replace(/([?&](?:invite|token)=)[^&#]*/gi, '$1[redacted]').replace(/(\/api\/v1\/calendar\/)[^/?#]*/i, '$1[redacted]');
}

/** Fastify's own request serializer for log lines, with the URL redacted. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactLinkTokens(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
