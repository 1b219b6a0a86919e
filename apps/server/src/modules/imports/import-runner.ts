import type { ImportSummary } from '@tasklane/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { outsideRecording } from '../../db/query-log.js';
import { AppError } from '../../http/errors.js';
import type { FileStore } from '../../storage/file-store.js';
import type { Actor, ServiceContext } from '../context.js';
import { readStoredFile } from './import-file.js';
import { SummaryRecorder, type ImportOptions } from './importers/importer.js';
import { importerFor } from './importers/registry.js';
import * as repo from './imports.repo.js';

export type ImportRunnerSettings = {
  /** How often unfinished jobs are looked for without a wake-up (other instances' jobs, expired leases). */
  pollMs: number;
  /** How long a claimed job is this runner's without a batch committing; past it another runner resumes it. */
  leaseMs: number;
  /** Items per batch (per transaction). */
  batchSize: number;
  /** Claims before a job whose process keeps dying is given up on. */
  maxAttempts: number;
};

export const DEFAULT_IMPORT_RUNNER_SETTINGS: ImportRunnerSettings = { pollMs: 10_000, leaseMs: 2 * 60_000, batchSize: 100, maxAttempts: 3 };

const STOP_WAIT_MS = 5_000;
const INTERNAL_FAILURE = 'The import stopped on an unexpected error; what it created so far stays. Try again, or tell your administrator.';

class LostClaimError extends Error {}

/**
 * Runs import jobs in every server process: claims one (FOR UPDATE SKIP LOCKED, with a lease),
 * works it in batches, each its own transaction that also records the job's progress and
 * resume state, then removes its file. A job whose runner died is resumed by any runner once its
 * lease has run out, from its last committed batch. `wake()` after a job is queued starts it at once.
 */
export class ImportRunner {
  private readonly settings: ImportRunnerSettings;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private isWokenAgain = false;
  private isStopped = false;

  private readonly db: Db;
  private readonly files: FileStore;

  /** Where the runner polls for jobs (the background connection); a job itself runs on `ctx.db`, its heartbeat beside its batch. */
  private readonly pollDb: Db;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly log: FastifyBaseLogger,
    settings: Partial<ImportRunnerSettings> = {},
    pollDb?: Db,
  ) {
    this.db = ctx.db;
    this.pollDb = pollDb ?? ctx.db;
    this.files = ctx.files;
    this.settings = { ...DEFAULT_IMPORT_RUNNER_SETTINGS, ...settings };
  }

  start() {
    this.wake();
  }

  wake() {
    if (this.isStopped) return;
    if (this.round) {
      this.isWokenAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.round = outsideRecording(() => this.runRounds()).finally(() => {
      this.round = undefined;
      this.schedule();
    });
  }

  /**
   * Stops after the batch in flight (awaited up to 5 s), handing its job back so that the next
   * runner resumes it at once; a batch still running past that is resumed once its lease ends.
   */
  async stop() {
    this.isStopped = true;
    clearTimeout(this.timer);
    const round = this.round;
    if (round) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([round, new Promise<void>((resolve) => (timeout = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timeout);
    }
  }

  private schedule() {
    if (this.isStopped) return;
    this.timer = setTimeout(() => this.wake(), this.settings.pollMs);
    this.timer.unref();
  }

  private async runRounds() {
    do {
      this.isWokenAgain = false;
      try {
        while (!this.isStopped) {
          const job = await repo.claimImportJob(this.pollDb, this.settings.leaseMs);
          if (!job) break;
          await this.runJob(job);
        }
        await this.removeFinishedFiles();
      } catch (error) {
        this.log.warn({ err: error }, 'import jobs could not be read; trying again later');
      }
    } while (this.isWokenAgain && !this.isStopped);
  }

  private async runJob(job: repo.ClaimedImportJob) {
    const claimToken = job.claimToken!;
    const started = Date.now();
    try {
      if (job.attempts > this.settings.maxAttempts) {
        await repo.failImportJob(this.db, job.id, claimToken, `The import was interrupted ${this.settings.maxAttempts} times and was given up on; what it created so far stays.`);
        return;
      }
      const importer = importerFor(job.source);
      const owner = await repo.findImportActor(this.db, job.ownerId);
      if (!importer || !owner || !job.fileKey) {
        await repo.failImportJob(this.db, job.id, claimToken, importer ? 'The import can no longer run: its file or its owner is gone.' : `Imports from ${job.source} are not available on this server.`);
        return;
      }
      const plan = importer.parse(await readStoredFile(this.files, job.fileKey), job.options as ImportOptions);
      const total = importer.total(plan);
      const heartbeatOf = (jobId: string, token: string) => async (done: number) => {
        if (!(await repo.renewImportLease(this.db, jobId, token, done, this.settings.leaseMs))) throw new LostClaimError();
      };
      const actor: Actor = { ...owner, clientId: null };
      let state: unknown = job.state;
      let summary = new SummaryRecorder(job.summary as ImportSummary);
      let projectId = job.projectId;
      let isFinished = false;
      while (!isFinished) {
        if (this.isStopped) {
          // Between batches: hand the job back so another process (or this one, restarted) resumes it at once.
          await repo.releaseImportJob(this.db, job.id, claimToken);
          this.log.info({ importId: job.id, created: summary.summary.created }, 'import paused for shutdown; it resumes from its last batch');
          return;
        }
        const draft = summary.draft();
        let draftProjectId = projectId;
        const result = await this.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          const run = { plan, ctx: { ...this.ctx, db }, actor, workspaceId: job.workspaceId, heartbeat: heartbeatOf(job.id, claimToken), summary: draft, setProjectId: (id: string) => (draftProjectId = id) };
          const batch = await importer.runBatch(db, run, state, this.settings.batchSize);
          const record = { state: batch.state, done: batch.done, total, summary: draft.summary, projectId: draftProjectId, isFinished: batch.isFinished };
          if (!(await repo.recordBatch(db, job.id, claimToken, record, this.settings.leaseMs))) throw new LostClaimError();
          return batch;
        });
        state = result.state;
        summary = draft;
        projectId = draftProjectId;
        isFinished = result.isFinished;
      }
      this.log.info({ importId: job.id, source: job.source, items: total, ms: Date.now() - started }, 'import finished');
      await this.removeFile(job.id, job.fileKey);
    } catch (error) {
      if (error instanceof LostClaimError) {
        this.log.warn({ importId: job.id }, 'import lease lost to another runner; it goes on there');
        return;
      }
      // A request-time check that no longer holds (a project deleted meanwhile) says why; anything else is ours.
      const message =
        error instanceof AppError && error.statusCode < 500
          ? error.message
          : isForeignKeyViolation(error)
            ? 'What the import was filling (its project, a feature) was deleted meanwhile; what it created before stays.'
            : INTERNAL_FAILURE;
      this.log.error({ importId: job.id, err: error }, 'import failed');
      await repo.failImportJob(this.db, job.id, claimToken, message).catch((markError: unknown) => this.log.warn({ importId: job.id, err: markError }, 'recording a failed import failed; it is retried after its lease'));
    }
  }

  private async removeFile(jobId: string, fileKey: string) {
    try {
      await this.files.remove(fileKey);
      await repo.clearImportFile(this.db, jobId);
    } catch (error) {
      this.log.warn({ importId: jobId, err: error }, 'removing a finished import file failed; the next round tries again');
    }
  }

  /** Files of jobs that ended without their file going (a failed job, a crash between the end and the remove). */
  private async removeFinishedFiles() {
    for (const job of await repo.findFinishedJobFiles(this.pollDb, 20)) await this.removeFile(job.id, job.fileKey);
  }
}
