import type { ImportSource, ImportSummary } from '@tasklane/contract';
import { MAX_LISTED_SKIPPED_ITEMS } from '@tasklane/contract';
import type { Db } from '../../../db/client.js';
import type { Actor, ServiceContext } from '../../context.js';

/**
 * One source an import can come from (decision 040). Adding a source is one object of this
 * shape and one entry in `importers` (registry.ts):
 *
 * - `parse` reads the stored file (and the options sent with it) into a plan, with no database:
 *   it runs in the request, so a file that is not what it claims to be is a 400 there (throw
 *   `badRequest`), and again in the worker each time it claims the job.
 * - `authorize` runs in the request after `parse`: the 403/404 checks the target needs.
 * - `total` is what progress counts to (items, for the progress bar).
 * - `runBatch` does the next at most `limit` items inside `tx`, starting from the `state` the
 *   previous batch returned (null the first time: create the project, its features, ...). It
 *   records what it made and skipped in `run.summary`. The returned state, the progress and the
 *   summary commit in the same transaction as the batch's writes, so a job resumed after a crash
 *   starts exactly where the last committed batch ended. The state must be JSON.
 */
export interface Importer<Plan = unknown, State = unknown> {
  readonly source: ImportSource;
  /** Where it imports to: a workspace (POST /workspaces/{id}/imports) or the caller's todos (POST /todos/imports). */
  readonly scope: 'workspace' | 'todos';
  parse(file: Buffer, options: ImportOptions): Plan;
  authorize(ctx: ServiceContext, actor: Actor, target: ImportTarget, plan: Plan): Promise<void>;
  total(plan: Plan): number;
  runBatch(tx: Db, run: ImportRun<Plan>, state: State | null, limit: number): Promise<BatchResult<State>>;
}

/** The text fields sent with the file (all but `source` and the file), as sent. */
export type ImportOptions = { mapping?: string; projectName?: string; projectId?: string };

/** Where the import goes, as the request found it: the workspace (already checked visible to the caller) and whether they own it. */
export type ImportTarget = { workspaceId: string | null; isWorkspaceOwner: boolean };

/** What a batch works with. */
export type ImportRun<Plan> = {
  plan: Plan;
  /** The services' context, its database being the batch's transaction (for importers that call services). */
  ctx: ServiceContext;
  /** Who started the import: everything is created as them. */
  actor: Actor;
  workspaceId: string | null;
  summary: SummaryRecorder;
  /**
   * For a batch that runs long (a whole re-import is one): records `done` items as the progress
   * and renews the job's lease, outside the batch's transaction. Rejects when the job is no longer
   * this runner's (its batch then rolls back).
   */
  heartbeat(done: number): Promise<void>;
  /** Remembers the project the import made or fills (GET /imports/{id} links it). */
  setProjectId(projectId: string): void;
};

export type BatchResult<State> = { state: State; done: number; isFinished: boolean };

/** Counts what an import created and lists what it skipped, within the listed cap. */
export class SummaryRecorder {
  constructor(readonly summary: ImportSummary = { created: {}, skipped: [], skippedCount: 0 }) {}

  created(kind: string, count = 1) {
    if (count <= 0) return;
    this.summary.created[kind] = (this.summary.created[kind] ?? 0) + count;
  }

  skipped(item: string, reason: string) {
    this.summary.skippedCount += 1;
    if (this.summary.skipped.length < MAX_LISTED_SKIPPED_ITEMS) this.summary.skipped.push({ item, reason });
  }

  /** A copy for the next batch, so a batch that rolls back leaves no counts behind. */
  draft(): SummaryRecorder {
    return new SummaryRecorder(structuredClone(this.summary));
  }
}
