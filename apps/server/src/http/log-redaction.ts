import type { FastifyRequest } from 'fastify';

/**
 * A URL with the secrets of the links people are handed (an invite's `invite=`, a password
 * reset's `token=`, a calendar feed's `/calendar/{token}.ics`, decision 037) replaced, so the
 * request log line never holds one (issue 16); and any API token (`tl_...`, decision 038) a
 * client put in a URL by mistake, wherever it is.
 */
export function redactLinkTokens(url: string | undefined): string | undefined {
  return url
    ?.replace(/([?&](?:invite|token)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/api\/v1\/calendar\/)[^/?#]*/i, '$1[redacted]')
    .replace(/tl_[A-Za-z0-9_-]{43}/g, 'tl_[redacted]');
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
