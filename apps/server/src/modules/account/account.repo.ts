import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { UserPreferences } from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { accountUserColumns, type AccountUserRow } from '../users/users.repo.js';

/** Whether another account already has this email, or this username whatever its case. */
export async function findTakenByOthers(db: Db, userId: string, values: { email?: string; username?: string }) {
  if (values.email === undefined && values.username === undefined) return { isEmailTaken: false, isUsernameTaken: false };
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        sql`(${users.email} = ${values.email ?? null} or lower(${users.username}) = lower(${values.username ?? null}))`,
      ),
    )
    .limit(2);
  return {
    isEmailTaken: values.email !== undefined && rows.some((row) => row.email === values.email),
    isUsernameTaken: values.username !== undefined && rows.some((row) => row.username.toLowerCase() === values.username!.toLowerCase()),
  };
}

/**
 * Writes the profile fields given (and the time zone, and the preferences sent merged into those
 * held) and answers the account as /users/me shows it.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  { preferences, ...values }: { fullName?: string; username?: string; email?: string; timeZone?: string | null; preferences?: Partial<UserPreferences> },
): Promise<AccountUserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...values,
      ...(preferences ? { preferences: sql`${users.preferences} || ${JSON.stringify(preferences)}::jsonb` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning(accountUserColumns);
  return row as AccountUserRow | undefined;
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash;
}

/**
 * Sets the new password hash and, in the same statement, ends every other session of the
 * account and voids its unused reset links; answers the ended sessions' keys.
 */
export async function setPasswordEndingOtherSessions(db: Db, userId: string, passwordHash: string, keepSessionId: string | undefined) {
  const result = await db.execute<{ id: string }>(sql`
    with updated as (
      update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId} returning id
    ), voided as (
      delete from password_reset_tokens where user_id = ${userId} and used_at is null returning id
    )
    delete from sessions
    where user_id = (select id from updated) and id is distinct from ${keepSessionId ?? null}
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** postgres.js answers an array; PGlite an object with rows. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/** The avatar's URL: its route, with a version that changes with every upload (caches keep each one for good). */
export function avatarUrl(userId: string, storageKey: string): string {
  return `/api/v1/users/${userId}/avatar?v=${avatarVersion(storageKey)}`;
}

export const avatarVersion = (storageKey: string) => storageKey.replace(/-/g, '').slice(0, 12);

/** Points the account at a stored image; answers the account and the key of the image it replaced. */
export async function setAvatar(db: Db, userId: string, storageKey: string | null, contentType: string | null) {
  const result = await db.execute<{ previous_key: string | null }>(sql`
    update users as u
    set avatar_key = ${storageKey}, avatar_content_type = ${contentType},
        avatar = ${storageKey ? avatarUrl(userId, storageKey) : null}, updated_at = now()
    from users as before
    where u.id = ${userId} and before.id = u.id and u.deleted_at is null
    returning before.avatar_key as previous_key`);
  const [row] = rowsOf<{ previous_key: string | null }>(result);
  return row ? { previousKey: row.previous_key } : undefined;
}

export async function findAvatarFile(db: Db, userId: string) {
  const [row] = await db
    .select({ storageKey: users.avatarKey, contentType: users.avatarContentType })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row?.storageKey && row.contentType ? { storageKey: row.storageKey, contentType: row.contentType } : undefined;
}

export async function findAccountUser(db: Db, userId: string): Promise<AccountUserRow | undefined> {
  const [row] = await db.select(accountUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row as AccountUserRow | undefined;
}
