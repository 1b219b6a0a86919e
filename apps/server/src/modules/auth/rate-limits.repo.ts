import { and, eq, gt, lt, sql } from 'drizzle-orm';
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

export type Reservation = { isReserved: true } | { isReserved: false; resetAt: Date };

/**
 * Takes one of the window's `limit` places, or none if all are taken, in one statement: the
 * conflicting row is locked while its count is compared and raised, so concurrent callers
 * (on any instance) can never take more than `limit` places between them.
 */
export async function reserveWindow(db: Db, key: string, limit: number, windowMs: number): Promise<Reservation> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(Date.now() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowHasPassed} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${windowHasPassed} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${windowHasPassed} or ${rateLimits.count} < ${limit}`,
    })
    .returning({ count: rateLimits.count });
  if (row) return { isReserved: true };
  const [full] = await db.select({ resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return { isReserved: false, resetAt: full?.resetAt ?? new Date() };
}

/** Gives back one place taken by reserveWindow (for an attempt that turned out not to count). */
export async function releaseWindow(db: Db, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0), gt(rateLimits.resetAt, sql`now()`)));
}

export async function clearWindow(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function deleteExpiredWindows(db: Db) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
