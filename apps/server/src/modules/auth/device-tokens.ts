import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { loadInstanceKey } from './app-secrets.repo.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful sign-in the browser receives `v1.<user id>.<nonce>.<HMAC-SHA256>`. Sign-ins that
 * carry a valid one for the account are judged by that device's own failures, so strangers
 * who lock the account out do not lock out the browsers its owner already uses.
 */
export type DeviceToken = { userId: string; nonce: string };

const VERSION = 'v1';
const KEY_NAME = 'device-cookie-hmac-sha256';
const TOKEN_PATTERN = /^v1\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function loadDeviceKey(db: Db): Promise<Buffer> {
  return loadInstanceKey(db, KEY_NAME);
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function createDeviceToken(key: Buffer, userId: string): string {
  const payload = `${VERSION}.${userId}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${sign(key, payload)}`;
}

/** The device a token names, if the token is well formed and signed with `key`; else undefined. */
export function readDeviceToken(key: Buffer, token: string | undefined): DeviceToken | undefined {
  const match = token ? TOKEN_PATTERN.exec(token) : null;
  if (!match) return undefined;
  const [, userId, nonce, signature] = match;
  const expected = Buffer.from(sign(key, `${VERSION}.${userId}.${nonce}`));
  const given = Buffer.from(signature!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId: userId!, nonce: nonce! } : undefined;
}
