import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@tasklane/contract';

/** A fresh token: `tl_` and 256 random bits in base64url. Shown once; only its hash is kept. */
export function generateApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * Tokens are stored and looked up by this hash (decision 038): 256 random bits need no salt nor
 * a slow hash to be safe from guessing, and a fast one keeps every request's lookup cheap. A
 * leaked table cannot be replayed.
 */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(`api-token:${token}`).digest('hex');
}

/** The key an event stream opened with a token is known by (sessions use their stored key). */
export const apiTokenStreamKey = (tokenId: string) => `api-token:${tokenId}`;

/** The token id in a stream key made by apiTokenStreamKey, or undefined for a session's. */
export function apiTokenIdOfStreamKey(key: string): string | undefined {
  return key.startsWith('api-token:') ? key.slice('api-token:'.length) : undefined;
}
