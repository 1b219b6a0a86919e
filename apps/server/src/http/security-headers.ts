import type { FastifyInstance } from 'fastify';

/** The policy the web app runs under: no inline scripts, same-origin API calls only. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  // React sets style attributes and the toast library injects a style element.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const docsContentSecurityPolicy =
  "default-src 'self'; base-uri 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'";

export type HeaderMap = Readonly<Record<string, string>>;

/**
 * The headers every answer carries, as one fixed map: Fastify's replies get it from the first
 * hook, and the answers written outside Fastify (the health fast path, a malformed URL, a
 * request Node's parser refuses) use the very same map. A route may still set its own
 * Content-Security-Policy (downloads, the API docs).
 */
export function securityHeaders(options: { isHttps: boolean }): HeaderMap {
  return {
    'content-security-policy': contentSecurityPolicy,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    // HSTS only means something when the app is served over HTTPS.
    ...(options.isHttps ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Must be the first onRequest hook, so that an answer refused by any later hook carries the
 * headers too. JSON (the API's data and every error envelope) is never stored by a browser or
 * a proxy: it holds the user's data. The web app's files set their own caching (web-app.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: HeaderMap) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const contentType = reply.getHeader('content-type');
    if (typeof contentType === 'string' && contentType.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
