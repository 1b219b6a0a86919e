import { createHash, randomBytes } from 'node:crypto';

/** A fresh 256-bit session token, as sent in the cookie. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions are stored by this hash, so a leaked sessions table cannot be replayed. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
