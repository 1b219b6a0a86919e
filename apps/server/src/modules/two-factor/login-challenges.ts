import type { ServiceContext } from '../context.js';
import { generateSessionToken, hashSessionToken } from '../auth/tokens.js';
import { insertLoginChallenge } from './two-factor.repo.js';

/** How long a right password waits for its second step. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type LoginChallenge = { token: string; expiresAt: Date };

/** A sign-in of `userId` waiting for its code: the token goes in a cookie, only its SHA-256 is stored. */
export async function startLoginChallenge(ctx: ServiceContext, userId: string): Promise<LoginChallenge> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + LOGIN_CHALLENGE_TTL_MS);
  await insertLoginChallenge(ctx.db, { id: hashSessionToken(token), userId, expiresAt });
  return { token, expiresAt };
}
