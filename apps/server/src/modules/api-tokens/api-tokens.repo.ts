import type { ApiTokenScope } from '@tasklane/contract';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { apiTokens, users } from '../../db/schema.js';
import { accountUserColumns } from '../users/users.repo.js';

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: sql<ApiTokenScope>`${apiTokens.scope}`.as('scope'),
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

export type ApiTokenRow = { id: string; name: string; scope: ApiTokenScope; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null };

export async function insertApiToken(
  db: Db,
  values: { userId: string; name: string; scope: ApiTokenScope; tokenHash: string; expiresAt: Date | null },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning(tokenColumns);
  return row!;
}

/** The account's tokens, newest first (expired ones too, until revoked: the list says they expired). */
export async function listUserApiTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db.select(tokenColumns).from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Deletes the account's token with this id; false when it has none such (another's is none of theirs). */
export async function deleteUserApiToken(db: Db, userId: string, tokenId: string): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/**
 * The token's user and the token itself, or nothing when the token is unknown (or revoked),
 * expired, or its account deactivated or deleted. In one statement, as a session is resolved
 * (sessions.repo.ts): a token last used before `seenBefore` (a minute ago) records that it is
 * used now, and its user that they were seen; so most requests write nothing.
 */
export async function findApiTokenUser(db: Db, tokenHash: string, seenBefore: Date) {
  const [row] = await apiTokenUserQuery(db).execute({ tokenHash, seenBefore: seenBefore.toISOString() });
  return row;
}

// Every request with a token runs this statement: built once per database (db/prepared.ts).
const apiTokenUserQuery = preparedStatement((db) => prepareApiTokenUserQuery(db));

function prepareApiTokenUserQuery(db: Db) {
  const tokenHash = sql.placeholder('tokenHash');
  const isLive = or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`));
  const touched = db.$with('touched').as(
    db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.tokenHash, tokenHash),
          isLive,
          or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, sql`${sql.placeholder('seenBefore')}::timestamptz`)),
        ),
      )
      .returning({ userId: apiTokens.userId }),
  );
  const userSeen = db.$with('user_seen').as(
    db
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(sql`${users.id} = (select ${touched.userId} from ${touched})`)
      .returning({ id: users.id }),
  );
  return db
    .with(touched, userSeen)
    .select({
      user: accountUserColumns,
      token: { id: apiTokens.id, name: apiTokens.name, scope: sql<ApiTokenScope>`${apiTokens.scope}`, expiresAt: apiTokens.expiresAt },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    // A deactivated account acts nowhere, by session or by token; its tokens stay for when it is back.
    .where(and(eq(apiTokens.tokenHash, tokenHash), isLive, isNull(users.deactivatedAt), isNull(users.deletedAt)))
    .limit(1)
    .prepare('api_token_user');
}

/** Which of these tokens may still be used (open event streams are checked against it). */
export async function findLiveApiTokenIds(db: Db, tokenIds: string[]): Promise<Set<string>> {
  if (tokenIds.length === 0) return new Set();
  const rows = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        inArray(apiTokens.id, tokenIds),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
        isNull(users.deactivatedAt),
        isNull(users.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
