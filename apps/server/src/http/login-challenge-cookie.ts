import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName, readCookie, serializeClearedCookie, serializeCookie } from './cookies.js';

/**
 * The sign-in waiting for its second step (two-factor): an HttpOnly cookie holding a random
 * token whose SHA-256 keys the login_challenges row; it lives as long as the challenge, 5 minutes.
 */
const CHALLENGE_COOKIE = 'tasklane_login_challenge';

export function readChallengeCookie(request: FastifyRequest, secure: boolean): string | undefined {
  const token = readCookie(request.headers.cookie, cookieName(CHALLENGE_COOKIE, secure));
  // A real token is 43 base64url characters; anything else cannot match and is not looked up.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

export function setChallengeCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.header('set-cookie', serializeCookie(CHALLENGE_COOKIE, token, { maxAgeSeconds: (expiresAt.getTime() - Date.now()) / 1000, secure }));
}

export function clearChallengeCookie(reply: FastifyReply, secure: boolean) {
  reply.header('set-cookie', serializeClearedCookie(CHALLENGE_COOKIE, secure));
}
