import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';

export type WindowCount = { count: number; resetAt: Date };

const windowHasPassed = sql`${rateLimits.resetAt} <= now()`;

/**
 * Counts one hit in a fixed window and returns the window's count. The counter lives in
 * the database so that every app instance behind a load balancer shares it.
 */
export async function hitWindow(db: Db, key: string, windowMs: number): Promise<WindowCount> {
  const resetAt = new Date(Date.now() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowHasPassed} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${windowHasPassed} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

/** One place to take in a window of at most `limit` places. */
export type Place = { key: string; limit: number };

const keyIn = (keys: string[]) =>
  keys.length ? sql`${rateLimits.key} in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})` : sql`false`;

/**
 * Takes one place in each window that has one free, in one statement, and returns the keys
 * it took. Each conflicting row is locked while its count is compared and raised, so
 * concurrent callers (on any instance) never take more than `limit` places between them.
 * Rows are locked in the order given: callers always list the same kinds of window in the
 * same order (and returnPlaces keeps it), so two statements never wait for each other.
 */
export async function takePlaces(db: Db, places: Place[], windowMs: number): Promise<Set<string>> {
  const resetAt = new Date(Date.now() + windowMs);
  const limitOfKey = sql`case ${rateLimits.key} ${sql.join(
    places.map(({ key, limit }) => sql`when ${key} then ${limit}::int`),
    sql` `,
  )} end`;
  const rows = await db
    .insert(rateLimits)
    .values(places.map(({ key }) => ({ key, count: 1, resetAt })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowHasPassed} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${windowHasPassed} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${windowHasPassed} or ${rateLimits.count} < ${limitOfKey}`,
    })
    .returning({ key: rateLimits.key });
  return new Set(rows.map((row) => row.key));
}

/**
 * Gives back places taken by takePlaces, in one statement and the order given: a window in
 * `ending` starts over (its count is void), every other one loses one place.
 */
export async function returnPlaces(db: Db, keys: string[], ending: string[] = []) {
  if (keys.length === 0) return;
  const isEnding = keyIn(ending);
  await db
    .insert(rateLimits)
    .values(keys.map((key) => ({ key, count: 0, resetAt: sql`now()` })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${isEnding} then 0 else greatest(${rateLimits.count} - 1, 0) end`,
        resetAt: sql`case when ${isEnding} then now() else ${rateLimits.resetAt} end`,
      },
    });
}

/** When the window of `key` ends (now if it has none). */
export async function findWindowEnd(db: Db, key: string): Promise<Date> {
  const [row] = await db.select({ resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return row?.resetAt ?? new Date();
}

export async function deleteExpiredWindows(db: Db) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
