import { CLIENT_ID_HEADER, CLIENT_ID_PATTERN } from '@tasklane/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, ServiceContext } from '../modules/context.js';
import { resolveSession } from '../modules/auth/auth.service.js';
import { cookieName, readCookie, serializeClearedCookie, serializeCookie, SESSION_COOKIE } from './cookies.js';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: Actor | null;
  }
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
