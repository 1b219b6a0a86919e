import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

/** One SQL statement as the app sent it, with its parameters. */
export type RecordedStatement = { sql: string; params: unknown[] };

/** What one unit of work (a request) sent to the database. */
export type QueryRecord = {
  statements: RecordedStatement[];
  /** Transactions opened; their BEGIN and COMMIT are the driver's, not in `statements`. */
  transactions: number;
};

const scope = new AsyncLocalStorage<QueryRecord>();

export function newQueryRecord(): QueryRecord {
  return { statements: [], transactions: 0 };
}

/**
 * Drizzle's logger for every database the app opens. Outside a recording scope it does
 * nothing but one AsyncLocalStorage lookup; inside one it keeps the statement and its params.
 */
export const queryLogger: Logger = {
  logQuery(sql, params) {
    scope.getStore()?.statements.push({ sql, params });
  },
};

/** Counts a transaction in the current recording scope, if any. */
export function noteTransaction() {
  const record = scope.getStore();
  if (record) record.transactions += 1;
}

/** Runs `work` (and everything it starts) recording its SQL into `record`. */
export function recordQueries<T>(record: QueryRecord, work: () => T): T {
  return scope.run(record, work);
}

/**
 * Runs `work` (and everything it starts) outside any recording scope: background work a request
 * merely starts (the email sender it wakes) is not that request's SQL.
 */
export function outsideRecording<T>(work: () => T): T {
  return scope.exit(work);
}
