import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

/** A message to send: plain text always, HTML beside it. */
export type OutgoingEmail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };

/** A claimed message, as the sender sends it. */
export type ClaimedEmail = OutgoingEmail & { id: string; attempts: number };

/**
 * Writes a message to the outbox. Pass the transaction of the change that causes it, so the
 * message exists exactly when the change does.
 */
export async function insertOutboxEmail(db: Db, email: OutgoingEmail): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ to: email.to, subject: email.subject, text: email.text, html: email.html ?? null, headers: email.headers ?? null })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Claims up to `limit` due messages in one statement: their attempt is counted and their next
 * attempt moved `leaseMs` ahead, so no other sender (on any instance) takes them meanwhile.
 * `FOR UPDATE SKIP LOCKED` lets two senders claim at once without waiting for each other or
 * taking the same row; a row another sender just claimed is no longer due when re-checked. A
 * sender that dies mid-send leaves its messages to be claimed again once the lease ends.
 */
export async function claimDueEmails(db: Db, options: { limit: number; leaseMs: number; maxAttempts: number }): Promise<ClaimedEmail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), lte(emailOutbox.nextAttemptAt, sql`now()`), lt(emailOutbox.attempts, options.maxAttempts)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseMs / 1000})` })
    .where(inArray(emailOutbox.id, due))
    .returning({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      headers: emailOutbox.headers,
      attempts: emailOutbox.attempts,
    });
  return rows.map(({ html, headers, ...row }) => ({
    ...row,
    ...(html === null ? {} : { html }),
    ...(headers === null ? {} : { headers: headers as Record<string, string> }),
  }));
}

/**
 * Records a delivery. The body goes: it may carry a live reset link, and a sent message needs
 * only its recipient, subject and time as a record.
 */
export async function markEmailSent(db: Db, id: string) {
  await db.update(emailOutbox).set({ sentAt: sql`now()`, text: '', html: null, lastError: null }).where(eq(emailOutbox.id, id));
}

/** Records a failed attempt and when to try again (never, once `isFinal`: it stays, unsent, with its error). */
export async function markEmailFailed(db: Db, id: string, failure: { error: string; retryInMs: number; isFinal: boolean }) {
  await db
    .update(emailOutbox)
    .set({
      lastError: failure.error,
      nextAttemptAt: failure.isFinal ? sql`'infinity'::timestamptz` : sql`now() + make_interval(secs => ${failure.retryInMs / 1000})`,
      // A message given up on keeps no body either.
      ...(failure.isFinal ? { text: '', html: null } : {}),
    })
    .where(eq(emailOutbox.id, id));
}

/** Housekeeping: sent messages, and those given up on, once older than `before`. */
export async function pruneOutbox(db: Db, options: { sentBefore: Date; failedBefore: Date; maxAttempts: number }) {
  await db
    .delete(emailOutbox)
    .where(
      or(
        and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, options.sentBefore)),
        and(isNull(emailOutbox.sentAt), sql`${emailOutbox.attempts} >= ${options.maxAttempts}`, lt(emailOutbox.createdAt, options.failedBefore)),
      ),
    );
}
