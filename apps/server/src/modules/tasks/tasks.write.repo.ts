import type { HistoryChange } from '@tasklane/contract';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { taskHistory, tasks } from '../../db/schema.js';
import type { TaskValues } from './tasks.history.js';

export type NewTaskValues = TaskValues & { title: string; projectId: string; featureId: string; createdBy: string };

/**
 * INSERT INTO task_history one row per change, for the task the CTE `source` wrote, so the
 * change and its history land in one statement: both or neither.
 */
function historyRowsFrom(source: SQLWrapper, userId: string, history: HistoryChange[]): SQL {
  // statement_timestamp(), not now(), here and for the task's own times: inside a transaction
  // that waited for the task's lock, now() would be the earlier moment the transaction began,
  // before the save it waited for.
  return sql`select gen_random_uuid(), ${source}.id, ${userId}::uuid, h.action, h.details, statement_timestamp()
    from ${source} cross join jsonb_to_recordset(${JSON.stringify(history)}::jsonb) as h(action text, details jsonb)`;
}

/** Creates the task and its CREATED entry in one statement; returns the new task's id. */
export async function insertTaskWithHistory(db: Db, values: NewTaskValues, userId: string, history: HistoryChange[]): Promise<string> {
  const now = sql`statement_timestamp()`;
  const inserted = db
    .$with('inserted')
    .as(db.insert(tasks).values({ ...values, createdAt: now, updatedAt: now }).returning({ id: tasks.id }));
  const rows = await db
    .with(inserted)
    .insert(taskHistory)
    .select(historyRowsFrom(inserted, userId, history))
    .returning({ taskId: taskHistory.taskId });
  return rows[0]!.taskId;
}

/**
 * Applies a planned change and its history in one statement, if the task still has
 * `expectedVersion`; bumps the version. False when the task changed (or vanished) meanwhile.
 */
export async function updateTaskWithHistory(
  db: Db,
  taskId: string,
  expectedVersion: number,
  values: TaskValues,
  userId: string,
  history: HistoryChange[],
): Promise<boolean> {
  const updated = db.$with('updated').as(
    db
      .update(tasks)
      .set({ ...values, version: sql`${tasks.version} + 1`, updatedAt: sql`statement_timestamp()` })
      .where(and(eq(tasks.id, taskId), eq(tasks.version, expectedVersion)))
      .returning({ id: tasks.id }),
  );
  const rows = await db
    .with(updated)
    .insert(taskHistory)
    .select(historyRowsFrom(updated, userId, history))
    .returning({ id: taskHistory.id });
  return rows.length > 0;
}

/** Deletes the task; its comments and history cascade. */
export async function deleteTask(db: Db, taskId: string): Promise<boolean> {
  const rows = await db.delete(tasks).where(eq(tasks.id, taskId)).returning({ id: tasks.id });
  return rows.length > 0;
}

/** Runs `work` in a transaction holding the task's row lock, so no other save can land between its read and its write. */
export async function withTaskLock<T>(db: Db, taskId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${tasks} where ${tasks.id} = ${taskId} for update`);
    return work(tx as unknown as Db);
  });
}
