import type { HistoryChange, TaskStatus } from '@tasklane/contract';
import { and, eq, ne, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { foreignKeyName } from '../../db/foreign-keys.js';
import { selectRow } from '../../db/insert-select.js';
import { projects, taskHistory, tasks } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf, workspaceOfProject, type EventActor } from '../events/events.repo.js';
import type { TaskValues } from './tasks.history.js';
import { storedTaskColumns, type HistoryRow, type TaskColumns } from './tasks.repo.js';
import { preparedStatement, preparedStatements, type SqlParam } from '../../db/prepared.js';

/**
 * The foreign keys a task write breaks when a row it references vanishes between the service's
 * check and the write, by the body field that named the row (the project goes with the feature).
 */
export const taskReferenceKeys = {
  categoryId: foreignKeyName(tasks, tasks.categoryId),
  assigneeId: foreignKeyName(tasks, tasks.assigneeId),
  featureId: foreignKeyName(tasks, tasks.featureId, tasks.projectId),
  projectId: foreignKeyName(tasks, tasks.projectId),
  parentTaskId: foreignKeyName(tasks, tasks.parentTaskId),
} as const;

export type NewTaskValues = TaskValues & {
  title: string;
  projectId: string;
  featureId: string;
  createdBy: string;
  boardRank: string;
  /** Its parent when a subtask (decision 033), else null. */
  parentTaskId: string | null;
};

/** What a task write's CTE returns: enough for its event. */
const eventColumns = { id: tasks.id, projectId: tasks.projectId, featureId: tasks.featureId, version: tasks.version };

/** The event of a task write, from the CTE `source` that returned eventColumns. */
function taskEvent(db: Db, actor: EventActor, type: 'task.created' | 'task.updated' | 'task.moved' | 'task.deleted', source: SQLWrapper & Record<keyof typeof eventColumns, SQLWrapper>) {
  return eventOf(
    db,
    actor,
    {
      type,
      entityId: sql`${source.id}`,
      taskId: sql`${source.id}`,
      featureId: sql`${source.featureId}`,
      projectId: sql`${source.projectId}`,
      workspaceId: workspaceOfProject(sql`${source.projectId}`),
      version: type === 'task.deleted' ? null : sql`${source.version}`,
    },
    source,
  );
}

/**
 * INSERT INTO task_history one row per change, for the task the CTE `source` wrote, so the
 * change and its history land in one statement: both or neither.
 */
function historyRowsFrom(source: SQLWrapper, userId: SqlParam, history: HistoryChange[] | Placeholder): SQL {
  const entries = Array.isArray(history) ? JSON.stringify(history) : history;
  // statement_timestamp(), not now(), here and for the task's own times: inside a transaction
  // that waited for the task's lock, now() would be the earlier moment the transaction began,
  // before the save it waited for.
  return selectRow(
    taskHistory,
    {
      id: sql`gen_random_uuid()`,
      taskId: sql`${source}.id`,
      userId: sql`${userId}::uuid`,
      action: sql`h.action`,
      details: sql`h.details`,
      createdAt: sql`statement_timestamp()`,
    },
    sql`${source} cross join jsonb_to_recordset(${entries}::jsonb) as h(action text, details jsonb)`,
  );
}

const NEW_TASK_KEYS = [
  'projectId',
  'featureId',
  'title',
  'description',
  'status',
  'priority',
  'assigneeId',
  'dueDate',
  'categoryId',
  'estimatedHours',
  'actualHours',
  'tags',
  'blockedReason',
  'createdBy',
  'boardRank',
  'parentTaskId',
] as const satisfies ReadonlyArray<keyof NewTaskValues>;

/** A created task as stored, with its history entry (the create's answer needs no read after it). */
export type InsertedTask = Pick<TaskColumns, keyof typeof storedTaskColumns> & {
  projectKey: string;
  historyId: string;
  historyAction: HistoryRow['action'];
  historyDetails: Record<string, unknown>;
  historyCreatedAt: Date;
};

// Every create goes through this statement, its values as placeholders: built once (issue 15 §2).
const insertTaskStatement = preparedStatement((db) => {
  const now = sql`statement_timestamp()`;
  const values = Object.fromEntries(NEW_TASK_KEYS.map((key) => [key, sql.placeholder(key)])) as unknown as NewTaskValues;
  // The task's number: the project's counter, taken in the same statement (decision 028). The
  // update holds the project's row until the commit, so concurrent creates in one project take
  // turns and never share a number. No project (deleted meanwhile): 0, and the insert's foreign
  // key refuses the task as it did before.
  const numbered = db.$with('numbered').as(
    db
      .update(projects)
      .set({ lastTaskNumber: sql`${projects.lastTaskNumber} + 1` })
      .where(eq(projects.id, sql.placeholder('projectId')))
      .returning({ number: projects.lastTaskNumber, projectKey: projects.key }),
  );
  const number = sql<number>`coalesce((select "last_task_number" from "numbered"), 0)`;
  // A subtask goes to the end of its parent's list (decision 033).
  const parentId = sql`${sql.placeholder('parentTaskId')}::uuid`;
  const subtaskPosition = sql<number>`coalesce((select max(s.subtask_position) + 1 from ${tasks} s where s.parent_task_id = ${parentId}), 0)`;
  const inserted = db
    .$with('inserted')
    .as(db.insert(tasks).values({ ...values, number, subtaskPosition, createdAt: now, updatedAt: now }).returning(storedTaskColumns));
  const actor = { id: sql.placeholder('actorId'), clientId: sql.placeholder('clientId') };
  const logged = db.$with('logged').as(
    db
      .insert(taskHistory)
      .select(historyRowsFrom(inserted, actor.id, sql.placeholder('history')))
      .returning({ historyId: taskHistory.id, historyAction: taskHistory.action, historyDetails: taskHistory.details, historyCreatedAt: taskHistory.createdAt }),
  );
  // A subtask's SUBTASK_ADDED on its parent, in the same statement (none for a top-level task).
  const parentLogged = db.$with('parent_logged').as(
    db
      .insert(taskHistory)
      .select(
        selectRow(
          taskHistory,
          {
            id: sql`gen_random_uuid()`,
            taskId: sql`${inserted.parentTaskId}`,
            userId: sql`${actor.id}::uuid`,
            action: sql`'SUBTASK_ADDED'`,
            details: sql`jsonb_build_object('subtask', jsonb_build_object('_id', ${inserted.id}, 'key', ${numbered.projectKey} || '-' || ${inserted.number}, 'title', ${inserted.title}))`,
            createdAt: now,
          },
          sql`${inserted} cross join ${numbered} where ${inserted.parentTaskId} is not null`,
        ),
      )
      .returning({ id: taskHistory.id }),
  );
  return db
    .with(numbered, inserted, taskEvent(db, actor, 'task.created', inserted), logged, parentLogged)
    .select({
      id: inserted.id,
      projectId: inserted.projectId,
      featureId: inserted.featureId,
      number: inserted.number,
      projectKey: numbered.projectKey,
      title: inserted.title,
      description: inserted.description,
      status: inserted.status,
      priority: inserted.priority,
      dueDate: inserted.dueDate,
      estimatedHours: inserted.estimatedHours,
      actualHours: inserted.actualHours,
      tags: inserted.tags,
      blockedReason: inserted.blockedReason,
      parentTaskId: inserted.parentTaskId,
      version: inserted.version,
      createdAt: inserted.createdAt,
      updatedAt: inserted.updatedAt,
      historyId: logged.historyId,
      historyAction: logged.historyAction,
      historyDetails: logged.historyDetails,
      historyCreatedAt: logged.historyCreatedAt,
    })
    .from(inserted)
    .crossJoin(logged)
    .crossJoin(numbered)
    .prepare('insert_task');
});

/**
 * Creates the task, its CREATED entry and its event in one statement; answers the task as stored
 * and the entry.
 */
export async function insertTaskWithHistory(db: Db, actor: Actor, values: NewTaskValues, history: [HistoryChange]): Promise<InsertedTask> {
  const rows = await insertTaskStatement(db).execute({
    ...Object.fromEntries(NEW_TASK_KEYS.map((key) => [key, values[key] ?? null])),
    actorId: actor.id,
    clientId: actor.clientId,
    history: JSON.stringify(history),
  });
  return rows[0] as InsertedTask;
}

/**
 * The save's statement for one shape of change (`saveShapeOf`): which columns it sets, and which
 * of those it sets to null. Built once per shape and database (issue 15 §2): building it with
 * drizzle cost about half a millisecond of CPU a save, and the saves people make most (a
 * status, a title, an assignee) come in a handful of shapes. A client can send many more
 * shapes; past the first SAVE_SHAPES_KEPT, a shape is built for its save and not kept.
 */
const SAVE_SHAPES_KEPT = 64;
const updateTaskStatement = preparedStatements(
  (db, shape: string) => {
    const values: Record<string, Placeholder | null> = {};
    for (const part of shape ? shape.split(',') : []) {
      const [column, isNull] = part.split(':') as [keyof TaskValues, string | undefined];
      values[column] = isNull ? null : sql.placeholder(column);
    }
    const updated = db.$with('updated').as(
      db
        .update(tasks)
        // Each placeholder goes through its column's encoder as a value would (drizzle wraps it in
        // a Param of the column), so dates, arrays and numbers are sent as before.
        .set({ ...(values as TaskValues), version: sql`${tasks.version} + 1`, updatedAt: sql`statement_timestamp()` })
        .where(and(eq(tasks.id, sql.placeholder('taskId')), eq(tasks.version, sql.placeholder('expectedVersion'))))
        .returning(eventColumns),
    );
    const actor = { id: sql.placeholder('actorId'), clientId: sql.placeholder('clientId') };
    return db
      .with(updated, taskEvent(db, actor, 'task.updated', updated))
      .insert(taskHistory)
      .select(historyRowsFrom(updated, sql.placeholder('actorId'), sql.placeholder('history')))
      .returning({ id: taskHistory.id, action: taskHistory.action, details: taskHistory.details, createdAt: taskHistory.createdAt })
      .prepare(`update_task_${shape.replace(/[^A-Za-z]+/g, '_')}`);
  },
  { keep: SAVE_SHAPES_KEPT },
);

/** A save's shape: the columns it sets, in order, each marked `:null` when set to null. */
export function saveShapeOf(values: TaskValues): string {
  return (Object.keys(values) as Array<keyof TaskValues>)
    .filter((column) => values[column] !== undefined)
    .sort()
    .map((column) => (values[column] === null ? `${column}:null` : column))
    .join(',');
}

/**
 * Applies a planned change and its history in one statement, if the task still has
 * `expectedVersion`; bumps the version. Answers the history entries written, newest first (as
 * the task's history lists them), or undefined when the task changed (or vanished) meanwhile.
 */
export async function updateTaskWithHistory(
  db: Db,
  actor: Actor,
  taskId: string,
  expectedVersion: number,
  values: TaskValues,
  history: HistoryChange[],
): Promise<HistoryRow[] | undefined> {
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null));
  const rows = await updateTaskStatement(db, saveShapeOf(values)).execute({
    ...given,
    taskId,
    expectedVersion,
    actorId: actor.id,
    clientId: actor.clientId,
    history: JSON.stringify(history),
  });
  if (rows.length === 0) return undefined;
  const user = { id: actor.id, fullName: actor.fullName, email: actor.email, avatar: actor.avatar };
  return rows
    .map((row) => ({ id: row.id, action: row.action, details: row.details as Record<string, unknown>, timestamp: row.createdAt.toISOString(), user }))
    .sort((a, b) => (a.timestamp === b.timestamp ? (a.id < b.id ? 1 : -1) : a.timestamp < b.timestamp ? 1 : -1));
}

export type MovedTask = { id: string; status: TaskValues['status'] & string; boardRank: string; version: number };

/** New ranks for the other cards of a column that a move renumbers (their versions stay). */
export type Renumbered = Array<{ id: string; rank: string }>;

/**
 * A board move, in one statement: the new rank, and when the status changes too, the status (and
 * blocked reason), a new version and the history entries; then the event. A rank-only move
 * writes no history and keeps the version (it edits nothing a form holds). A move that
 * renumbers its column writes the other cards' new ranks in the same statement: nothing about
 * them but their order changes, and the move's own event makes every board of the feature
 * refetch, so they need no event of their own. Guarded by `expectedVersion`: undefined when
 * the task changed (or vanished) meanwhile.
 */
export async function moveTaskWithHistory(
  db: Db,
  actor: Actor,
  taskId: string,
  expectedVersion: number,
  boardRank: string,
  values: TaskValues,
  history: HistoryChange[],
  renumbered: Renumbered = [],
): Promise<MovedTask | undefined> {
  const isEdit = history.length > 0;
  const others = db.$with('renumbered').as(
    db
      .update(tasks)
      .set({ boardRank: sql`r.rank` })
      .from(sql`jsonb_to_recordset(${JSON.stringify(renumbered)}::jsonb) as r(id uuid, rank text)`)
      .where(and(eq(tasks.id, sql`r.id`), ne(tasks.id, taskId)))
      .returning({ id: tasks.id }),
  );
  const moved = db.$with('moved').as(
    db
      .update(tasks)
      .set({
        ...values,
        boardRank,
        ...(isEdit ? { version: sql`${tasks.version} + 1`, updatedAt: sql`statement_timestamp()` } : {}),
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.version, expectedVersion)))
      .returning({ ...eventColumns, status: tasks.status, boardRank: tasks.boardRank }),
  );
  const logged = db.$with('logged').as(
    db.insert(taskHistory).select(historyRowsFrom(moved, actor.id, history)).returning({ id: taskHistory.id }),
  );
  const ctes = [moved, logged, taskEvent(db, actor, 'task.moved', moved)];
  const [row] = await db
    .with(...(renumbered.length > 0 ? [others, ...ctes] : ctes))
    .select({ id: moved.id, status: moved.status, boardRank: moved.boardRank, version: moved.version })
    .from(moved);
  return row as MovedTask | undefined;
}

/** What becomes of a deleted task's subtasks (decision 033). */
export type SubtaskFate = 'keep' | 'delete';

/**
 * Deletes the task (its comments, history and attachments cascade) and records its event, in one
 * statement (decision 033): its subtasks are detached (`keep`: top-level tasks now, with a new
 * version) or deleted with it (`delete`, each with its own event); a subtask's deletion records
 * SUBTASK_REMOVED on its parent.
 */
export async function deleteTask(db: Db, actor: Actor, taskId: string, subtasks: SubtaskFate = 'keep'): Promise<boolean> {
  const deleted = db.$with('deleted').as(
    db
      .delete(tasks)
      .where(eq(tasks.id, taskId))
      .returning({ ...eventColumns, parentTaskId: tasks.parentTaskId, number: tasks.number, title: tasks.title }),
  );
  // The rows differ from the task's own, so no row is written twice by the statement; the
  // foreign key's own SET NULL then finds nothing left to do.
  const detached = db.$with('detached').as(
    db
      .update(tasks)
      .set({ parentTaskId: null, subtaskPosition: 0, version: sql`${tasks.version} + 1`, updatedAt: sql`statement_timestamp()` })
      .where(eq(tasks.parentTaskId, taskId))
      .returning({ id: tasks.id }),
  );
  const removedSubtasks = db.$with('removed_subtasks').as(db.delete(tasks).where(eq(tasks.parentTaskId, taskId)).returning(eventColumns));
  const gone = db.$with('gone').as(
    subtasks === 'delete'
      ? db
          .select({ id: deleted.id, projectId: deleted.projectId, featureId: deleted.featureId, version: deleted.version })
          .from(deleted)
          .unionAll(db.select(eventColumnsOf(removedSubtasks)).from(removedSubtasks))
      : db.select({ id: deleted.id, projectId: deleted.projectId, featureId: deleted.featureId, version: deleted.version }).from(deleted),
  );
  const parentLogged = db.$with('parent_logged').as(
    db
      .insert(taskHistory)
      .select(
        selectRow(
          taskHistory,
          {
            id: sql`gen_random_uuid()`,
            taskId: sql`${deleted.parentTaskId}`,
            userId: sql`${actor.id}::uuid`,
            action: sql`'SUBTASK_REMOVED'`,
            details: sql`jsonb_build_object('subtask', jsonb_build_object('_id', ${deleted.id},
              'key', (select ${projects.key} from ${projects} where ${projects.id} = ${deleted.projectId}) || '-' || ${deleted.number}, 'title', ${deleted.title}))`,
            createdAt: sql`statement_timestamp()`,
          },
          sql`${deleted} where ${deleted.parentTaskId} is not null`,
        ),
      )
      .returning({ id: taskHistory.id }),
  );
  const rows = await db
    .with(deleted, subtasks === 'delete' ? removedSubtasks : detached, gone, taskEvent(db, actor, 'task.deleted', gone), parentLogged)
    .select({ id: deleted.id })
    .from(deleted);
  return rows.length > 0;
}

function eventColumnsOf(source: { id: SQLWrapper; projectId: SQLWrapper; featureId: SQLWrapper; version: SQLWrapper }) {
  return { id: sql<string>`${source.id}`, projectId: sql<string>`${source.projectId}`, featureId: sql<string>`${source.featureId}`, version: sql<number>`${source.version}` };
}

/**
 * Runs `work` in a transaction holding the task's row lock, so no other save can land between
 * its read and its write. With `column`, it also holds every card of the column the task is
 * moved into (`status`, or the one it is in), all taken in id order before anything else: moves
 * that renumber a column then queue for its rows instead of each holding its own card while
 * waiting for the others' (a deadlock PostgreSQL breaks by failing one of them). The lock is NO
 * KEY UPDATE, the one the updates take: it queues writers of the task, while a reference being
 * checked (the notifier storing a notification that names the task) does not hold them back.
 */
export async function withTaskLock<T>(
  db: Db,
  taskId: string,
  work: (tx: Db) => Promise<T>,
  options: { column?: { status: TaskStatus | undefined } } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    if (options.column) {
      const status = options.column.status ?? null;
      await tx.execute(sql`select c.id from ${tasks} c
        where c.id = ${taskId}
          or (c.feature_id = (select s.feature_id from ${tasks} s where s.id = ${taskId})
            and c.status::text = coalesce(${status}::text, (select s.status::text from ${tasks} s where s.id = ${taskId})))
        order by c.id
        for no key update`);
    } else {
      await tx.execute(sql`select 1 from ${tasks} where ${tasks.id} = ${taskId} for no key update`);
    }
    return work(tx as unknown as Db);
  });
}
