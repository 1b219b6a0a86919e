import type { ApiToken, CreateApiTokenData, CreatedApiToken } from '@tasklane/contract';
import { notFound } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import type { AccountUserRow } from '../users/users.repo.js';
import { apiTokenStreamKey, generateApiToken, hashApiToken } from './api-token-secrets.js';
import { presentApiToken } from './api-tokens.presenter.js';
import { deleteUserApiToken, findApiTokenUser, insertApiToken, listUserApiTokens } from './api-tokens.repo.js';

/** A token's last use is written at most this often (the lookup's own statement). */
const LAST_USED_INTERVAL_MS = 60 * 1000;

export async function listApiTokens(ctx: ServiceContext, user: Actor): Promise<ApiToken[]> {
  return (await listUserApiTokens(ctx.db, user.id)).map(presentApiToken);
}

/** A new token of the caller's: the answer carries its secret, which is never shown again. */
export async function createApiToken(ctx: ServiceContext, user: Actor, body: CreateApiTokenData): Promise<CreatedApiToken> {
  const token = generateApiToken();
  const row = await insertApiToken(ctx.db, {
    userId: user.id,
    name: body.name,
    scope: body.scope,
    tokenHash: hashApiToken(token),
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
  });
  return { ...presentApiToken(row), token };
}

/** Revokes one of the caller's tokens (deleted: it answers 401 from now on); another's is 404. */
export async function revokeApiToken(ctx: ServiceContext, user: Actor, tokenId: string) {
  if (!(await deleteUserApiToken(ctx.db, user.id, tokenId))) throw notFound('API token not found');
  // Its event streams end now here (other instances end theirs at their next check).
  ctx.events?.endSession(apiTokenStreamKey(tokenId));
}

export type ResolvedApiToken = {
  user: AccountUserRow;
  token: { id: string; name: string; scope: 'read' | 'read-write'; expiresAt: Date | null };
};

/** The user and token a bearer token stands for; undefined when it is unknown, revoked, expired or its account cannot act. */
export async function resolveApiToken(ctx: ServiceContext, token: string): Promise<ResolvedApiToken | undefined> {
  return findApiTokenUser(ctx.db, hashApiToken(token), new Date(Date.now() - LAST_USED_INTERVAL_MS));
}
