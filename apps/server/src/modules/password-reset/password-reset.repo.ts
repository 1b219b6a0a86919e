import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginChallenges, passwordResetTokens, sessions, users } from '../../db/schema.js';

/** An account a reset link may be made for (not deleted), and whether it is deactivated. */
export type ResettableUser = { id: string; email: string; fullName: string; isDeactivated: boolean };

const resettableColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  isDeactivated: sql<boolean>`${users.deactivatedAt} is not null`,
};

/** The account with this (lower-cased) email that may sign in: not deactivated, not deleted. */
export async function findActiveUserByEmail(db: Db, email: string): Promise<Omit<ResettableUser, 'isDeactivated'> | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deactivatedAt), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** An account by id, unless deleted. */
export async function findResettableUser(db: Db, id: string): Promise<ResettableUser | undefined> {
  const [row] = await db.select(resettableColumns).from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
  return row;
}

/**
 * Sets an account's password, unless it is deleted; answers its email and whether it is
 * deactivated, or undefined when there is no such account. A deactivated account's password
 * is left as it was.
 */
export async function setPasswordOfResettableUser(db: Db, userId: string, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({
      passwordHash: sql`case when ${users.deactivatedAt} is null then ${passwordHash} else ${users.passwordHash} end`,
      updatedAt: sql`case when ${users.deactivatedAt} is null then now() else ${users.updatedAt} end`,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ email: users.email, isDeactivated: sql<boolean>`${users.deactivatedAt} is not null` });
  return row;
}

/**
 * After a reset: ends every session of the account, its sign-ins waiting for a second step, and
 * its other reset links, in one statement; answers the ended sessions' ids (their event streams
 * end too).
 */
export async function endSignInsOfUser(db: Db, userId: string): Promise<string[]> {
  const challenges = db.$with('ended_challenges').as(
    db.delete(loginChallenges).where(eq(loginChallenges.userId, userId)).returning({ id: loginChallenges.id }),
  );
  const tokens = db.$with('spent_tokens').as(
    db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id }),
  );
  const rows = await db.with(challenges, tokens).delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Housekeeping: reset tokens used or expired more than a day ago (kept that long for support questions). */
export async function deleteStaleResetTokens(db: Db, before: Date) {
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, before), lt(passwordResetTokens.usedAt, before)));
}
