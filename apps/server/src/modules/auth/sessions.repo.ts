import { and, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { accountUserColumns } from '../users/users.repo.js';
import { preparedStatement } from '../../db/prepared.js';

export async function insertSession(db: Db, values: { id: string; userId: string; expiresAt: Date }) {
  await db.insert(sessions).values(values);
}

/**
 * The session's user, or nothing when the session is unknown or expired. A session last
 * refreshed before `refresh.refreshedBefore` slides to `refresh.expiresAt` in the same
 * statement (a data-modifying CTE), so signing a request in is always one round trip.
 */
export async function findSessionUser(db: Db, sessionId: string, refresh: { refreshedBefore: Date; expiresAt: Date }) {
  const [row] = await sessionUserQuery(db).execute({
    sessionId,
    refreshedBefore: refresh.refreshedBefore.toISOString(),
    expiresAt: refresh.expiresAt.toISOString(),
  });
  return row;
}

// Every signed-in request runs this statement: built once per database (db/prepared.ts).
const sessionUserQuery = preparedStatement((db) => prepareSessionUserQuery(db));

function prepareSessionUserQuery(db: Db) {
  const sessionId = sql.placeholder('sessionId');
  const refreshed = db.$with('refreshed').as(
    db
      .update(sessions)
      .set({ expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz`, refreshedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`), lte(sessions.refreshedAt, sql`${sql.placeholder('refreshedBefore')}::timestamptz`)))
      .returning({ expiresAt: sessions.expiresAt }),
  );
  return db
    .with(refreshed)
    .select({
      user: accountUserColumns,
      expiresAt: sessions.expiresAt,
      refreshedExpiresAt: sql<Date | null>`(select ${refreshed.expiresAt} from ${refreshed})`.mapWith(sessions.expiresAt),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A deactivated or deleted account is signed out everywhere at once, whatever its sessions.
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`), isNull(users.deactivatedAt), isNull(users.deletedAt)))
    .limit(1)
    .prepare('session_user');
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/** Which of these sessions still exist and have not expired (open event streams are checked against it). */
export async function findLiveSessionIds(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, sql`now()`)));
  return new Set(rows.map((row) => row.id));
}
