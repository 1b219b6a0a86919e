import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './cookies.js';

const DEVICE_COOKIE = 'tasklane_device';
/** A browser remembers the accounts signed in on it for a year (Chrome keeps cookies 400 days at most). */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Over HTTPS the name carries the `__Host-` prefix: the browser then accepts the cookie only
 * from this very host, Secure, with Path=/ and no Domain, so no sibling subdomain can plant one.
 */
export function deviceCookieName(secure: boolean): string {
  return secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

export function readDeviceCookie(request: FastifyRequest, secure: boolean): string | undefined {
  return readCookie(request.headers.cookie, deviceCookieName(secure));
}

export function serializeDeviceCookie(token: string, secure: boolean): string {
  const parts = [
    `${deviceCookieName(secure)}=${encodeURIComponent(token)}`,
    'Path=/',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Adds the device cookie to the response (after any session cookie already set). */
export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.header('set-cookie', serializeDeviceCookie(token, secure));
}
