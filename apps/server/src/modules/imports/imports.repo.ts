import type { ImportSource, ImportSummary } from '@tasklane/contract';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importJobs, users } from '../../db/schema.js';
import { accountUserColumns, type AccountUserRow } from '../users/users.repo.js';

export type ImportJobRow = typeof importJobs.$inferSelect;

const jobColumns = {
  id: importJobs.id,
  ownerId: importJobs.ownerId,
  source: importJobs.source,
  workspaceId: importJobs.workspaceId,
  projectId: importJobs.projectId,
  fileName: importJobs.fileName,
  status: importJobs.status,
  progressDone: importJobs.progressDone,
  progressTotal: importJobs.progressTotal,
  summary: importJobs.summary,
  error: importJobs.error,
  createdAt: importJobs.createdAt,
  finishedAt: importJobs.finishedAt,
};
export type ImportJobView = Pick<ImportJobRow, keyof typeof jobColumns>;

export type NewImportJob = {
  ownerId: string;
  source: ImportSource;
  workspaceId: string | null;
  fileKey: string;
  fileName: string;
  options: Record<string, unknown>;
  total: number;
};

export async function insertImportJob(db: Db, job: NewImportJob): Promise<ImportJobView> {
  const [row] = await db
    .insert(importJobs)
    .values({
      ownerId: job.ownerId,
      source: job.source,
      workspaceId: job.workspaceId,
      fileKey: job.fileKey,
      fileName: job.fileName,
      options: job.options,
      progressTotal: job.total,
    })
    .returning(jobColumns);
  return row!;
}

/** The job if `ownerId` started it (anyone else's is not found). */
export async function findOwnImportJob(db: Db, id: string, ownerId: string): Promise<ImportJobView | undefined> {
  const [row] = await db
    .select(jobColumns)
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.ownerId, ownerId)))
    .limit(1);
  return row;
}

export type ClaimedImportJob = Pick<
  ImportJobRow,
  'id' | 'ownerId' | 'source' | 'workspaceId' | 'projectId' | 'fileKey' | 'fileName' | 'options' | 'summary' | 'state' | 'progressDone' | 'attempts' | 'claimToken'
>;

/**
 * Claims the oldest job to run: a QUEUED one, or a RUNNING one whose lease ran out (its process
 * died). FOR UPDATE SKIP LOCKED lets every instance claim at once without taking the same job;
 * the new token and lease make it this runner's until the lease ends (each batch extends it).
 */
export async function claimImportJob(db: Db, leaseMs: number): Promise<ClaimedImportJob | undefined> {
  const due = db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(
      or(
        eq(importJobs.status, 'QUEUED'),
        and(eq(importJobs.status, 'RUNNING'), lt(importJobs.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(importJobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(importJobs)
    .set({
      status: 'RUNNING',
      attempts: sql`${importJobs.attempts} + 1`,
      claimToken: sql`gen_random_uuid()`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(inArray(importJobs.id, due))
    .returning({
      id: importJobs.id,
      ownerId: importJobs.ownerId,
      source: importJobs.source,
      workspaceId: importJobs.workspaceId,
      projectId: importJobs.projectId,
      fileKey: importJobs.fileKey,
      fileName: importJobs.fileName,
      options: importJobs.options,
      summary: importJobs.summary,
      state: importJobs.state,
      progressDone: importJobs.progressDone,
      attempts: importJobs.attempts,
      claimToken: importJobs.claimToken,
    });
  return row;
}

export type BatchRecord = { state: unknown; done: number; total: number; summary: ImportSummary; projectId: string | null; isFinished: boolean };

/**
 * Records a batch in its own transaction: its state, progress and summary, and a longer lease;
 * COMPLETED when it was the last. False when the runner no longer holds the job (its lease ran
 * out and another took it): the caller then rolls the batch back.
 */
export async function recordBatch(tx: Db, id: string, claimToken: string, batch: BatchRecord, leaseMs: number): Promise<boolean> {
  const rows = await tx
    .update(importJobs)
    .set({
      state: batch.state,
      progressDone: batch.done,
      progressTotal: batch.total,
      summary: batch.summary,
      projectId: batch.projectId,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
      ...(batch.isFinished ? { status: 'COMPLETED' as const, finishedAt: sql`now()`, claimToken: null, leaseUntil: null } : {}),
    })
    .where(and(eq(importJobs.id, id), eq(importJobs.claimToken, claimToken)))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/**
 * A long batch's heartbeat, written outside its transaction: the progress so far (for the
 * progress bar) and the lease renewed, while the claim is still this runner's. False: it is not.
 */
export async function renewImportLease(db: Db, id: string, claimToken: string, done: number, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ progressDone: done, leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, updatedAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.claimToken, claimToken), eq(importJobs.status, 'RUNNING')))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** Hands a job back at once (its process is stopping): the next runner to look resumes it without waiting for the lease. */
export async function releaseImportJob(db: Db, id: string, claimToken: string) {
  await db
    .update(importJobs)
    .set({ leaseUntil: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.claimToken, claimToken), eq(importJobs.status, 'RUNNING')));
}

/** Ends a job that cannot go on, with why (shown to its owner); what it made stays. */
export async function failImportJob(db: Db, id: string, claimToken: string | null, error: string) {
  await db
    .update(importJobs)
    .set({ status: 'FAILED', error, finishedAt: sql`now()`, updatedAt: sql`now()`, claimToken: null, leaseUntil: null })
    .where(claimToken === null ? eq(importJobs.id, id) : and(eq(importJobs.id, id), eq(importJobs.claimToken, claimToken)));
}

/** Forgets a finished job's file key once the file is removed. */
export async function clearImportFile(db: Db, id: string) {
  await db.update(importJobs).set({ fileKey: null }).where(eq(importJobs.id, id));
}

/** Finished jobs whose file is still stored (a remove that failed, or a crash right after the end). */
export async function findFinishedJobFiles(db: Db, limit: number): Promise<{ id: string; fileKey: string }[]> {
  const rows = await db
    .select({ id: importJobs.id, fileKey: importJobs.fileKey })
    .from(importJobs)
    .where(and(inArray(importJobs.status, ['COMPLETED', 'FAILED']), isNotNull(importJobs.fileKey)))
    .limit(limit);
  return rows as { id: string; fileKey: string }[];
}

/** The job's owner as the actor its writes are made by; undefined once the account is deleted. */
export async function findImportActor(db: Db, userId: string): Promise<AccountUserRow | undefined> {
  const [row] = await db
    .select(accountUserColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row as AccountUserRow | undefined;
}
