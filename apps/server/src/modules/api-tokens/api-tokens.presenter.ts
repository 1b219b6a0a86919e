import type { ApiToken, CurrentApiToken } from '@tasklane/contract';
import type { ApiTokenRow } from './api-tokens.repo.js';

export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    _id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

export function presentCurrentApiToken(token: { id: string; name: string; scope: CurrentApiToken['scope']; expiresAt: Date | null }): CurrentApiToken {
  return { _id: token.id, name: token.name, scope: token.scope, expiresAt: token.expiresAt ? token.expiresAt.toISOString() : null };
}
