import type { Db } from '../../db/client.js';
import { generateSessionToken, hashSessionToken } from '../auth/tokens.js';
import { consumeResetToken, insertResetToken } from './reset-tokens.repo.js';

/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * A fresh single-use password-reset token for a user (256 bits, base64url). Only its SHA-256 is
 * stored; the token itself goes into the link and nowhere else (never a log line).
 */
export async function createResetToken(db: Db, userId: string): Promise<string> {
  const token = generateSessionToken();
  await insertResetToken(db, { id: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  return token;
}

/** The user a reset token is for, using it up; undefined when it is unknown, used or expired. */
export async function useResetToken(db: Db, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return consumeResetToken(db, hashSessionToken(token));
}

/** The page a reset link opens: `<origin>/reset-password?token=...`. */
export function resetLinkUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}
