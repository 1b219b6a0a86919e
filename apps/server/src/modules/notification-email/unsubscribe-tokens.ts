import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationKinds, type NotificationKind } from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import { loadInstanceKey } from '../auth/app-secrets.repo.js';

/**
 * One-click unsubscribe tokens (RFC 8058, decision 026): `u1.<user id>.<kinds>.<HMAC-SHA256>`,
 * `kinds` being a bit mask over the contract's notificationKinds in hexadecimal. Signed with a
 * key kept in the database (every instance shares it), so nobody can make one for another
 * person or another kind. They do not expire: an unsubscribe link must work in an email read
 * months later, and all it can ever do is turn email off.
 */
export type UnsubscribeToken = { userId: string; kinds: NotificationKind[] };

const VERSION = 'u1';
const KEY_NAME = 'unsubscribe-hmac-sha256';
const TOKEN_PATTERN = /^u1\.([0-9a-f-]{36})\.([0-9a-f]{1,4})\.([A-Za-z0-9_-]{43})$/;

export function loadUnsubscribeKey(db: Db): Promise<Buffer> {
  return loadInstanceKey(db, KEY_NAME);
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

function maskOf(kinds: readonly NotificationKind[]): string {
  let mask = 0;
  for (const kind of kinds) mask |= 1 << notificationKinds.indexOf(kind);
  return mask.toString(16);
}

export function createUnsubscribeToken(key: Buffer, userId: string, kinds: readonly NotificationKind[]): string {
  const payload = `${VERSION}.${userId}.${maskOf(kinds)}`;
  return `${payload}.${sign(key, payload)}`;
}

/** The person and kinds a token names, when it is well formed and signed with `key`; else undefined. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeToken | undefined {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  const [, userId, mask, signature] = match;
  const expected = Buffer.from(sign(key, `${VERSION}.${userId}.${mask}`));
  const given = Buffer.from(signature!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const bits = Number.parseInt(mask!, 16);
  const kinds = notificationKinds.filter((_kind, index) => (bits & (1 << index)) !== 0);
  return kinds.length > 0 ? { userId: userId!, kinds } : undefined;
}
