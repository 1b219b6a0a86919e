import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests that a browser sent from another origin (CSRF).
 * Browsers always send Origin on cross-origin POST, PUT and DELETE; clients outside a
 * browser send neither Origin nor Referer and are judged by their session alone.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { publicUrl: string | undefined; allowedOrigins: string[] },
  /**
   * Routes a token in the URL authorises, never a cookie, so a forged cross-site request gains
   * nothing: the one-click unsubscribe, which a webmail client may POST from its own origin.
   */
  tokenAuthorisedRoutes: ReadonlySet<string> = new Set(),
  /**
   * Requests signed with a credential no browser sends by itself (an API token in the
   * Authorization header, decision 038): a cross-site page cannot forge one, and their cookie is
   * never used, so there is no request forgery to refuse.
   */
  isOutsideBrowser: (request: FastifyRequest) => boolean = () => false,
) {
  const extra = new Set(options.allowedOrigins);
  // PUBLIC_URL names the own origin exactly; without it, the origin the request was sent to.
  const ownOrigin = (request: FastifyRequest) => options.publicUrl ?? `${request.protocol}://${request.host}`;
  const isOwnOrigin = (request: FastifyRequest, origin: string) => origin === ownOrigin(request) || extra.has(origin);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (tokenAuthorisedRoutes.has(`${request.method} ${request.routeOptions.url}`)) return;
    if (isOutsideBrowser(request)) return;
    const originHeader = request.headers.origin;
    const referer = request.headers.referer;
    const origin = originHeader !== undefined ? originOf(originHeader) : referer ? originOf(referer) : null;
    if (origin === null) return;
    if (origin === undefined || !isOwnOrigin(request, origin)) {
      throw forbidden('Cross-origin request refused');
    }
  });
}
