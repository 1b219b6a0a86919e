import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';

export type WindowCount = { count: number; resetAt: Date };

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
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

/** The window's count without counting a hit; zero once the window has passed. */
export async function peekWindow(db: Db, key: string): Promise<WindowCount> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);
  if (!row || row.resetAt.getTime() <= Date.now()) return { count: 0, resetAt: new Date() };
  return row;
}

export async function clearWindow(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function deleteExpiredWindows(db: Db) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
