import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema.js';

export async function insertResetToken(db: Db, values: { id: string; userId: string; expiresAt: Date }) {
  await db.insert(passwordResetTokens).values(values);
}

/**
 * Uses a reset token: marks it used and answers its user, in one statement, only when it
 * exists, is unused and has not expired; so two uses of one token cannot both succeed.
 */
export async function consumeResetToken(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
