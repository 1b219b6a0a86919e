import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { searchCondition } from '../../db/list-helpers.js';
import { recoveryCodes, sessions, users } from '../../db/schema.js';
import { publicUserColumns, type UserRow } from '../users/users.repo.js';

/**
 * When the user was last seen: the account's own mark, or the latest activity of one of its
 * sessions (a session's refresh is written at most once an hour, so this is to the hour).
 */
// Written out qualified: in a one-table select Drizzle leaves its columns unqualified, which the
// subquery's own columns would shadow.
const lastSeenSql = sql<Date | null>`greatest("users"."last_seen_at", (select max(greatest(s.last_seen_at, s.refreshed_at)) from sessions s where s.user_id = "users"."id"))`.mapWith(
  users.createdAt,
);

export const adminUserColumns = {
  ...publicUserColumns,
  lastSeenAt: lastSeenSql,
  isAdmin: users.isAdmin,
  deactivatedAt: users.deactivatedAt,
  twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
};

export type AdminUserRow = UserRow & { lastSeenAt: Date | null; isAdmin: boolean; deactivatedAt: Date | null; twoFactorEnabled: boolean };

/** A page of the instance's accounts (deleted ones left out), by full name, and how many match. */
export async function listAdminUsers(db: Db, query: { search: string | undefined; limit: number; offset: number }) {
  const rows = await db
    .select({ ...adminUserColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(and(isNull(users.deletedAt), searchCondition(query.search, [users.fullName, users.username, users.email])))
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows: rows as Array<AdminUserRow & { total: number }>, total: rows[0]?.total };
}

/** How many accounts match, for a page past the last one (its rows cannot say). */
export async function countAdminUsers(db: Db, search: string | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(isNull(users.deletedAt), searchCondition(search, [users.fullName, users.username, users.email])));
  return row?.count ?? 0;
}

// Any constant would do: the same for every instance of the app.
const ADMINS_LOCK_ID = 727_465_016;

/**
 * Serializes changes to who administers the instance (demote, deactivate, delete), so two
 * administrators removing each other at once cannot leave none. Held until the transaction ends.
 */
export async function lockAdministrators(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK_ID})`);
}

/** The account (not deleted), and whether another active administrator exists beside it. */
export async function findUserForAdminChange(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      deactivatedAt: users.deactivatedAt,
      passwordHash: users.passwordHash,
      hasOtherAdmin: sql<boolean>`exists (select 1 from ${users} other where other.is_admin and other.deactivated_at is null and other.deleted_at is null and other.id <> ${id})`,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Applies an administrator's change to an account; deactivating also deletes its sessions, in
 * the same statement, and answers their ids (so their open event streams can end now).
 */
export async function updateUserAdministration(db: Db, id: string, change: { isAdmin?: boolean; deactivated?: boolean; twoFactorEnabled?: false }) {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
  if (change.isAdmin !== undefined) set.isAdmin = change.isAdmin;
  if (change.deactivated === true) set.deactivatedAt = sql`coalesce(${users.deactivatedAt}, now())` as unknown as Date;
  if (change.deactivated === false) set.deactivatedAt = null;
  const turnsOffTwoFactor = change.twoFactorEnabled === false;
  if (turnsOffTwoFactor) Object.assign(set, { totpSecret: null, totpEnabledAt: null, totpPendingSecret: null, totpLastStep: null });
  const codesGone = db.$with('codes_gone').as(
    db
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, id), sql`${turnsOffTwoFactor}`))
      .returning({ id: recoveryCodes.id }),
  );
  const ended = db.$with('ended').as(
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, id), sql`${change.deactivated === true}`))
      .returning({ id: sessions.id }),
  );
  const updated = db.$with('updated').as(
    db
      .update(users)
      .set(set)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning({ id: users.id, isAdmin: users.isAdmin, deactivatedAt: users.deactivatedAt, totpEnabledAt: users.totpEnabledAt }),
  );
  const [row] = await db
    .with(ended, codesGone, updated)
    .select({
      ...adminUserColumns,
      isAdmin: updated.isAdmin,
      deactivatedAt: updated.deactivatedAt,
      twoFactorEnabled: sql<boolean>`${updated.totpEnabledAt} is not null`,
      endedSessions: sql<string[]>`coalesce((select array_agg(${ended.id}) from ${ended}), '{}')`,
    })
    .from(updated)
    .innerJoin(users, eq(users.id, updated.id));
  return row as (AdminUserRow & { endedSessions: string[] }) | undefined;
}

