import type { InviteStatus } from '@tasklane/contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invites } from '../../db/schema.js';

/** An invite's status, now: revoked, used, expired or pending (in that order of precedence). */
const inviteStatusSql = sql<InviteStatus>`case
  when ${invites.revokedAt} is not null then 'revoked'
  when ${invites.usedAt} is not null then 'used'
  when ${invites.expiresAt} is not null and ${invites.expiresAt} <= now() then 'expired'
  else 'pending' end`;

const inviteColumns = {
  id: invites.id,
  email: invites.email,
  createdAt: invites.createdAt,
  expiresAt: invites.expiresAt,
  usedAt: invites.usedAt,
  status: inviteStatusSql,
};

export type InviteRow = { id: string; email: string | null; createdAt: Date; expiresAt: Date | null; usedAt: Date | null; status: InviteStatus };

/** How many invites the list shows, newest first: an instance makes a handful a week. */
export const INVITE_LIST_LIMIT = 200;

export async function insertInvite(db: Db, values: { tokenHash: string; email: string | null; expiresAt: Date | null; createdBy: string }) {
  const [row] = await db.insert(invites).values(values).returning({ id: invites.id });
  return row!;
}

export async function listInvites(db: Db): Promise<InviteRow[]> {
  return db.select(inviteColumns).from(invites).orderBy(desc(invites.createdAt), desc(invites.id)).limit(INVITE_LIST_LIMIT);
}

export async function findInviteByTokenHash(db: Db, tokenHash: string): Promise<InviteRow | undefined> {
  const [row] = await db.select(inviteColumns).from(invites).where(eq(invites.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Revokes a pending or expired invite; answers its status before (undefined: no such invite). */
export async function revokeInvite(db: Db, id: string): Promise<InviteStatus | undefined> {
  const before = db.$with('before').as(db.select({ id: invites.id, status: inviteStatusSql.as('status') }).from(invites).where(eq(invites.id, id)));
  const revoked = db.$with('revoked').as(
    db
      .update(invites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(invites.id, id), isNull(invites.usedAt), isNull(invites.revokedAt)))
      .returning({ id: invites.id }),
  );
  const [row] = await db.with(before, revoked).select({ status: before.status, revoked: sql<number>`(select count(*) from ${revoked})`.mapWith(Number) }).from(before);
  return row?.status;
}

/**
 * Uses an invite up for the user just registered, in the registration's transaction: only
 * when it is still unused, unrevoked and unexpired, so of two registrations with one invite,
 * one wins (the other waits for the row lock, then finds it used). False when it was not.
 */
export async function consumeInvite(db: Db, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ usedAt: sql`now()`, usedBy: userId })
    .where(and(eq(invites.id, id), isNull(invites.usedAt), isNull(invites.revokedAt), or(isNull(invites.expiresAt), gt(invites.expiresAt, sql`now()`))))
    .returning({ id: invites.id });
  return rows.length === 1;
}
