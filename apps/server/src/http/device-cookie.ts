import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName, readCookie, serializeCookie } from './cookies.js';

const DEVICE_COOKIE = 'tasklane_device';
/** A browser remembers the accounts signed in on it for a year (Chrome keeps cookies 400 days at most). */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** `__Host-tasklane_device` over HTTPS (see cookieName), so no sibling subdomain can plant one. */
export function readDeviceCookie(request: FastifyRequest, secure: boolean): string | undefined {
  return readCookie(request.headers.cookie, cookieName(DEVICE_COOKIE, secure));
}

/** Adds the device cookie to the response (after any session cookie already set). */
export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.header('set-cookie', serializeCookie(DEVICE_COOKIE, token, { maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_S, secure }));
}
