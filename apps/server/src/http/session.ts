import { API_TOKEN_PATTERN, apiTokenRefusals, CLIENT_ID_HEADER, CLIENT_ID_PATTERN } from '@tasklane/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, ServiceContext } from '../modules/context.js';
import { resolveSession } from '../modules/auth/auth.service.js';
import { resolveApiToken, type ResolvedApiToken } from '../modules/api-tokens/api-tokens.service.js';
import { cookieName, readCookie, serializeClearedCookie, serializeCookie, SESSION_COOKIE } from './cookies.js';
import { forbidden, tooManyRequests, unauthorized } from './errors.js';
import { apiTokenThrottleKey } from './request-throttle.js';

/** The API token a request was made with (decision 038); null for a browser's session. */
export type RequestApiToken = ResolvedApiToken['token'];

declare module 'fastify' {
  interface FastifyRequest {
    user: Actor | null;
    apiToken: RequestApiToken | null;
  }
}

/** Methods a read-only token may use: those that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * What the request's `Authorization` header holds: nothing (no header, or another scheme the API
 * ignores), or a bearer credential, which is then the request's only credential (its cookie is
 * not looked at). A bearer value that is not shaped like a token cannot match and is not looked up.
 */
export function readBearerToken(request: FastifyRequest): { token: string | undefined } | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  // 'Bearer' with nothing after it is still a bearer credential (an empty one), never a cookie request.
  const match = /^Bearer(?:[ \t]+(\S*))?[ \t]*$/i.exec(header);
  if (!match) return undefined;
  const token = match[1] ?? '';
  return { token: API_TOKEN_PATTERN.test(token) ? token : undefined };
}

/**
 * Whether the request carries an API token (shaped like one) as its bearer credential: no
 * browser sends one by itself, so no origin check applies. Its cookie is never used.
 */
export function hasBearerCredential(request: FastifyRequest): boolean {
  return readBearerToken(request)?.token !== undefined;
}

/** The session token the request carries, under the cookie name COOKIE_SECURE (`secure`) gives. */
export function readSessionToken(request: FastifyRequest, secure: boolean): string | undefined {
  const token = readCookie(request.headers.cookie, cookieName(SESSION_COOKIE, secure));
  // A real token is 43 base64url characters; anything else cannot match and is not looked up.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** The tab a request came from (X-Client-Id), when it names itself properly; null otherwise. */
export function readClientId(request: FastifyRequest): string | null {
  const value = request.headers[CLIENT_ID_HEADER];
  return typeof value === 'string' && CLIENT_ID_PATTERN.test(value) ? value : null;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.header('set-cookie', serializeCookie(SESSION_COOKIE, token, { maxAgeSeconds: (expiresAt.getTime() - Date.now()) / 1000, secure }));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.header('set-cookie', serializeClearedCookie(SESSION_COOKIE, secure));
}

/**
 * An onRequest hook that lets only signed-in users through and puts the user on the request.
 * It runs before the body is parsed and validated, so a signed-out caller always gets 401.
 */
export function requireUser(ctx: ServiceContext) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const bearer = readBearerToken(request);
    if (bearer) return authenticateWithToken(ctx, request, bearer.token);
    const token = readSessionToken(request, ctx.config.cookieSecure);
    const session = token ? await resolveSession(ctx, token) : undefined;
    if (!session) {
      if (token) clearSessionCookie(reply, ctx.config.cookieSecure);
      throw unauthorized();
    }
    request.user = { ...session.user, clientId: readClientId(request) };
    if (session.isRefreshed && token) setSessionCookie(reply, token, session.expiresAt, ctx.config.cookieSecure);
  };
}

/**
 * A request with `Authorization: Bearer tl_...` (decision 038): the token's user, with the same
 * rights as their session, except that a read token may only read. 401 for a token that is
 * unknown, revoked or expired (or whose account cannot act); 429 past the token's own rate limit.
 */
async function authenticateWithToken(ctx: ServiceContext, request: FastifyRequest, token: string | undefined) {
  const resolved = token ? await resolveApiToken(ctx, token) : undefined;
  if (!resolved) throw unauthorized(apiTokenRefusals.invalid);
  const wait = ctx.apiTokenThrottle?.take(apiTokenThrottleKey(resolved.token.id)) ?? 0;
  if (wait > 0) throw tooManyRequests('Too many requests with this API token. Please slow down and try again shortly.', wait);
  if (resolved.token.scope === 'read' && !READ_METHODS.has(request.method)) throw forbidden(apiTokenRefusals.readOnly);
  request.user = { ...resolved.user, clientId: readClientId(request) };
  request.apiToken = resolved.token;
}

/**
 * An onRequest hook, after requireUser, for the routes only a signed-in person may use: an API
 * token gets 403 (managing tokens with a token would let a leaked one outlive its revocation).
 */
export async function refuseApiTokens(request: FastifyRequest) {
  if (request.apiToken) throw forbidden(apiTokenRefusals.sessionOnly);
}

/** The signed-in user of a request that passed requireUser (and the tab it came from). */
export function currentUser(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * An onRequest hook, after requireUser, for the instance administrator's routes: anyone else
 * signed in gets 403 before their body is read.
 */
export async function requireAdministrator(request: FastifyRequest) {
  if (!currentUser(request).isAdmin) throw forbidden('Only an administrator of this instance can do this.');
}
