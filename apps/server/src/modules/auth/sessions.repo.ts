import { and, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { accountUserColumns } from '../users/users.repo.js';
import { preparedStatement } from '../../db/prepared.js';

export type NewSession = { id: string; userId: string; expiresAt: Date; clientIp?: string | null; userAgent?: string | null };

/** A new session, with where it signed in from (for the account's sessions list). */
export async function insertSession(db: Db, values: NewSession) {
  // A User-Agent is the client's to write: kept to a sane length.
  await db.insert(sessions).values({ ...values, userAgent: values.userAgent?.slice(0, 512) ?? null });
}

/**
 * The session's user, or nothing when the session is unknown or expired. In the same statement
 * (data-modifying CTEs), so signing a request in stays one round trip: a session last refreshed
 * before `refresh.refreshedBefore` slides to `refresh.expiresAt`, and a session last seen before
 * `refresh.seenBefore` (a minute ago) records that it is seen now, on itself and on its user. So
 * most requests write nothing, and an active session writes at most once a minute.
 */
export async function findSessionUser(db: Db, sessionId: string, refresh: { refreshedBefore: Date; expiresAt: Date; seenBefore: Date }) {
  const [row] = await sessionUserQuery(db).execute({
    sessionId,
    refreshedBefore: refresh.refreshedBefore.toISOString(),
    expiresAt: refresh.expiresAt.toISOString(),
    seenBefore: refresh.seenBefore.toISOString(),
  });
  return row;
}

// Every signed-in request runs this statement: built once per database (db/prepared.ts).
const sessionUserQuery = preparedStatement((db) => prepareSessionUserQuery(db));

function prepareSessionUserQuery(db: Db) {
  const sessionId = sql.placeholder('sessionId');
  const refreshedBefore = sql`${sql.placeholder('refreshedBefore')}::timestamptz`;
  const isDueForRefresh = lte(sessions.refreshedAt, refreshedBefore);
  // One UPDATE does both (a row cannot be updated twice in one statement): the expiry slides
  // only when due, last_seen_at moves whenever the row is written.
  const touched = db.$with('touched').as(
    db
      .update(sessions)
      .set({
        expiresAt: sql`case when ${isDueForRefresh} then ${sql.placeholder('expiresAt')}::timestamptz else ${sessions.expiresAt} end`,
        refreshedAt: sql`case when ${isDueForRefresh} then now() else ${sessions.refreshedAt} end`,
        lastSeenAt: sql`now()`,
      })
      .where(
        and(
          eq(sessions.id, sessionId),
          gt(sessions.expiresAt, sql`now()`),
          or(isDueForRefresh, lte(sessions.lastSeenAt, sql`${sql.placeholder('seenBefore')}::timestamptz`)),
        ),
      )
      .returning({ expiresAt: sessions.expiresAt, userId: sessions.userId }),
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
      expiresAt: sessions.expiresAt,
      // The main query sees the row as it was before the CTE wrote it: refreshed only when it was due.
      refreshedExpiresAt: sql<Date | null>`case when ${isDueForRefresh} then (select ${touched.expiresAt} from ${touched}) end`.mapWith(
        sessions.expiresAt,
      ),
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

/**
 * A session's id as the account's sessions list shows it: derived from the stored key (itself
 * the SHA-256 of the token) by another hash, so it names the session without being able to
 * sign anyone in, and cannot be turned back into the stored key.
 */
export const publicSessionId = sql<string>`left(encode(sha256(convert_to('tasklane-session:' || ${sessions.id}, 'UTF8')), 'hex'), 32)`;

/** The account's live sessions, newest first, with their stored key (to tell the current one). */
export async function listUserSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      publicId: publicSessionId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      clientIp: sessions.clientIp,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** Ends the account's session with this public id; answers the stored keys it ended (none: not theirs). */
export async function deleteUserSessionByPublicId(db: Db, userId: string, publicId: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`${publicSessionId} = ${publicId}`))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Ends every session of the account but `keepSessionId` (every one when undefined); answers the ended keys. */
export async function deleteUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
