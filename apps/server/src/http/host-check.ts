import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { HEALTH_PATH } from './health-fast-path.js';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** The Host values that name these origins: host[:port], also with the default port spelt out. */
export function hostsOf(origins: string[]): Set<string> {
  const hosts = new Set<string>();
  for (const origin of origins) {
    // An ALLOWED_ORIGINS entry that is no URL names no host (and no origin matches it either).
    if (!URL.canParse(origin)) continue;
    const url = new URL(origin);
    hosts.add(url.host.toLowerCase());
    if (url.port === '') hosts.add(`${url.hostname.toLowerCase()}:${DEFAULT_PORTS[url.protocol]}`);
  }
  return hosts;
}

/** Load balancers probe health by address, and its answer tells nothing but "ok". */
const isHealthProbe = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && request.routeOptions.url === HEALTH_PATH;

/**
 * With PUBLIC_URL set, a request must name the app's own host (or an allowed origin's): a page
 * on a rebound DNS name reaches this server under the attacker's name, which is refused with
 * 421 before anything is read. Behind a proxy (TRUST_PROXY), X-Forwarded-Host is the name
 * judged, as Fastify's request.host gives it. Without PUBLIC_URL, any Host is served.
 */
export function registerHostCheck(app: FastifyInstance, options: { publicUrl: string | undefined; allowedOrigins: string[] }) {
  if (!options.publicUrl) return;
  const hosts = hostsOf([options.publicUrl, ...options.allowedOrigins]);
  app.addHook('onRequest', (request, _reply, done) => {
    if (hosts.has(request.host.toLowerCase()) || isHealthProbe(request)) return done();
    done(new AppError('MISDIRECTED_REQUEST', 'This server does not answer for that host name'));
  });
}
