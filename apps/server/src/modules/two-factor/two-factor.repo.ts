import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRow } from '../../db/insert-select.js';
import { loginChallenges, recoveryCodes, sessions, users } from '../../db/schema.js';
import { publicUserColumns, type UserRow } from '../users/users.repo.js';

/** Stores a new pending secret unless two-factor is on already; false then. */
export async function savePendingSecret(db: Db, userId: string, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpPendingSecret: sealedSecret })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export type TwoFactorState = { pendingSecret: string | null; isEnabled: boolean };

export async function findTwoFactorState(db: Db, userId: string): Promise<TwoFactorState | undefined> {
  const [row] = await db
    .select({ pendingSecret: users.totpPendingSecret, isEnabled: sql<boolean>`${users.totpEnabledAt} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Makes the pending secret (as it was read: a newer enrolment in between wins) the account's,
 * with `step` as its last used step, and replaces the recovery codes. One transaction.
 */
export async function enableTwoFactor(
  db: Db,
  values: { userId: string; sealedPending: string; step: number; recoveryCodeHashes: string[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const enabled = await tx
      .update(users)
      .set({
        totpSecret: sql`${users.totpPendingSecret}`,
        totpPendingSecret: null,
        totpEnabledAt: sql`now()`,
        totpLastStep: values.step,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, values.userId), eq(users.totpPendingSecret, values.sealedPending), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (enabled.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, values.userId));
    await tx.insert(recoveryCodes).values(values.recoveryCodeHashes.map((codeHash) => ({ userId: values.userId, codeHash })));
    return true;
  });
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash;
}

/** Turns two-factor off: secrets, recovery codes and sign-ins waiting for a code go, in one statement. */
export async function disableTwoFactor(db: Db, userId: string): Promise<void> {
  const codes = db.$with('codes').as(db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).returning({ id: recoveryCodes.id }));
  const challenges = db.$with('challenges').as(
    db.delete(loginChallenges).where(eq(loginChallenges.userId, userId)).returning({ id: loginChallenges.id }),
  );
  await db
    .with(codes, challenges)
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function insertLoginChallenge(db: Db, values: { id: string; userId: string; expiresAt: Date }) {
  await db.insert(loginChallenges).values(values);
}

export type ChallengeUser = UserRow & { secret: string; lastStep: number | null };

/** The account a live challenge belongs to, while it may still sign in with two-factor on. */
export async function findChallengeUser(db: Db, challengeId: string): Promise<ChallengeUser | undefined> {
  const [row] = await db
    .select({ ...publicUserColumns, secret: users.totpSecret, lastStep: users.totpLastStep })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(
      and(
        eq(loginChallenges.id, challengeId),
        gt(loginChallenges.expiresAt, sql`now()`),
        isNull(users.deactivatedAt),
        isNull(users.deletedAt),
        isNotNull(users.totpEnabledAt),
      ),
    )
    .limit(1);
  if (!row || row.secret === null) return undefined;
  return { ...row, secret: row.secret };
}

/** What proves the second step: a code's step (newer than the last used), or an unused recovery code. */
export type SecondFactor = { step: number } | { recoveryCodeHash: string };

export type NewSession = { id: string; expiresAt: Date; clientIp: string; userAgent: string | null };

/**
 * Completes a sign-in in one statement: uses the proof (the code's step, or the recovery code),
 * consumes the challenge, and opens the session; each only if the one before it happened, and
 * the proof only while the challenge is live. False when any of them did not (a code used
 * meanwhile, a recovery code already used or unknown, the challenge gone).
 */
export async function completeChallenge(
  db: Db,
  values: { challengeId: string; userId: string; proof: SecondFactor; session: NewSession },
): Promise<boolean> {
  const { challengeId, userId, proof, session } = values;
  const isLive = sql`exists (select 1 from ${loginChallenges} where ${loginChallenges.id} = ${challengeId} and ${loginChallenges.expiresAt} > now())`;
  const used =
    'step' in proof
      ? db.$with('used').as(
          db
            .update(users)
            .set({ totpLastStep: proof.step })
            .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, proof.step)), isLive))
            .returning({ userId: users.id }),
        )
      : db.$with('used').as(
          db
            .update(recoveryCodes)
            .set({ usedAt: sql`now()` })
            .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, proof.recoveryCodeHash), isNull(recoveryCodes.usedAt), isLive))
            .returning({ userId: recoveryCodes.userId }),
        );
  const consumed = db.$with('consumed').as(
    db
      .delete(loginChallenges)
      .where(and(eq(loginChallenges.id, challengeId), sql`exists (select 1 from ${used})`))
      .returning({ userId: loginChallenges.userId }),
  );
  const opened = await db
    .with(used, consumed)
    .insert(sessions)
    .select(
      selectRow(
        sessions,
        {
          id: sql`${session.id}::text`,
          userId: sql`${consumed.userId}`,
          createdAt: sql`now()`,
          expiresAt: sql`${session.expiresAt.toISOString()}::timestamptz`,
          refreshedAt: sql`now()`,
          lastSeenAt: sql`now()`,
          clientIp: sql`${session.clientIp}::text`,
          userAgent: sql`${session.userAgent}::text`,
        },
        consumed,
      ),
    )
    .returning({ id: sessions.id });
  return opened.length > 0;
}

export async function deleteExpiredChallenges(db: Db) {
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, sql`now()`));
}
