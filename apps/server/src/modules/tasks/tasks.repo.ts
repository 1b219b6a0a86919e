import type { HistoryAction, MemberRole, TaskStatus } from '@tasklane/contract';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { categories, features, projects, taskHistory, tasks, users, workspaces } from '../../db/schema.js';
import { attachmentsJsonOf, type AttachmentRow } from '../attachments/attachments.repo.js';
import { membershipRoleOf } from '../projects/projects.repo.js';
import { blockedByJsonOf, type BlockerTuple } from '../relations/relations.repo.js';
import { preparedStatement, type SqlParam } from '../../db/prepared.js';

/** A task's columns as the tasks table holds them: every task shape below picks from these. */
export type TaskColumns = typeof tasks.$inferSelect;

export type TaskUserRef = Pick<typeof users.$inferSelect, 'id' | 'fullName' | 'username' | 'email' | 'avatar'>;

export type TaskRow = Pick<
  TaskColumns,
  | 'id'
  | 'projectId'
  | 'featureId'
  | 'number'
  | 'title'
  | 'description'
  | 'status'
  | 'priority'
  | 'dueDate'
  | 'estimatedHours'
  | 'actualHours'
  | 'tags'
  | 'blockedReason'
  | 'parentTaskId'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
> & {
  projectName: string;
  /** The project's key: the task's key is `${projectKey}-${number}`. */
  projectKey: string;
  featureTitle: string;
  assignee: TaskUserRef | null;
  creator: TaskUserRef | null;
  category: { id: string; name: string; color: string } | null;
  workspaceOwnerId: string;
  /** The caller's membership role in the task's project, null when none. */
  membershipRole: MemberRole | null;
  attachments: AttachmentRow[];
  /** The unfinished tasks blocking it (issue 19). */
  blockedBy: BlockerTuple[];
  /** The parent a subtask names (null on a top-level task). */
  parentTask: ParentTaskRef | null;
  /** Its subtasks: how many, how many COMPLETED. */
  subtasks: { total: number; completed: number };
};

export type ParentTaskRef = { _id: string; key: string; title: string };

/** A history entry as the database hands it over (JSON built in the task's query). */
export type HistoryRow = {
  id: string;
  action: HistoryAction;
  details: Record<string, unknown>;
  timestamp: string;
  user: { id: string; fullName: string; email: string; avatar: string | null } | null;
};

export type TaskDetailRow = TaskRow & { history: HistoryRow[] };

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');

const userRef = <T extends typeof assignee | typeof creator>(table: T) => ({
  id: table.id as T['id'],
  fullName: table.fullName as T['fullName'],
  username: table.username as T['username'],
  email: table.email as T['email'],
  avatar: table.avatar as T['avatar'],
});

/** A task's own stored columns, as a task response shows them (a select, or a create's RETURNING). */
export const storedTaskColumns = {
  id: tasks.id,
  projectId: tasks.projectId,
  featureId: tasks.featureId,
  number: tasks.number,
  title: tasks.title,
  description: tasks.description,
  status: tasks.status,
  priority: tasks.priority,
  dueDate: tasks.dueDate,
  estimatedHours: tasks.estimatedHours,
  actualHours: tasks.actualHours,
  tags: tasks.tags,
  blockedReason: tasks.blockedReason,
  parentTaskId: tasks.parentTaskId,
  version: tasks.version,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

// Qualified by hand: in a query of the tasks table alone Drizzle leaves columns unqualified,
// and inside these subqueries an unqualified name would mean the subquery's own row.
const OUTER_TASK_ID = sql.raw('"tasks"."id"');
const OUTER_TASK_PARENT = sql.raw('"tasks"."parent_task_id"');

/**
 * A task's parent (decision 033), for its link: a lookup by primary key. The parent is in the
 * same project, so the key is made of the task's own project's key.
 */
export const parentTaskJson = (projectKey: SQLWrapper = projects.key) =>
  sql<ParentTaskRef | null>`(select json_build_object('_id', p.id, 'key', ${projectKey} || '-' || p.number, 'title', p.title)
    from ${tasks} p where p.id = ${OUTER_TASK_PARENT})`;

/** A task's subtask counts (decision 033): one scan of the index on tasks(parent_task_id, ...). */
export const subtaskCountsJson = sql<{ total: number; completed: number }>`(select json_build_object(
    'total', count(*)::int, 'completed', (count(*) filter (where s.status = 'COMPLETED'))::int)
  from ${tasks} s where s.parent_task_id = ${OUTER_TASK_ID})`;

/**
 * Subtask counts for many tasks at once (`taskIds`, an SQL uuid[]): one row per task that has
 * subtasks, `task_id`, `total` and `completed`, from one scan of tasks_parent_position_idx.
 */
export const subtaskCountsOfTasks = (taskIds: SQLWrapper) =>
  sql`select s.parent_task_id as task_id, count(*)::int as total, (count(*) filter (where s.status = 'COMPLETED'))::int as completed
    from ${tasks} s where s.parent_task_id = any(${taskIds}) group by s.parent_task_id`;

/** Every column a task response needs, populated by joins: no query per task. */
export const taskSelection = (userId: SqlParam) => ({
  ...storedTaskColumns,
  projectName: projects.name,
  projectKey: projects.key,
  // A lookup by primary key per row rather than a join: the planner may not hash-join (and so
  // sequentially scan) every feature to name a page of tasks.
  featureTitle: sql<string>`(select ${features.title} from ${features} where ${features.id} = ${tasks.featureId})`,
  assignee: userRef(assignee),
  creator: userRef(creator),
  category: { id: categories.id, name: categories.name, color: categories.color },
  workspaceOwnerId: workspaces.ownerId,
  membershipRole: membershipRoleOf(tasks.projectId, userId),
  // A correlated lookup on (task_id, created_at): cheap even for a page of 1000 tasks.
  attachments: attachmentsJsonOf(tasks.id),
  // Its unfinished blockers (issue 19): a correlated lookup on the relations' target index.
  blockedBy: blockedByJsonOf(tasks.id),
  parentTask: parentTaskJson(),
  subtasks: subtaskCountsJson,
});

/**
 * The task's history, newest first, inside the task's own query: one JSON array of entries,
 * each entry an array of its values in the order of HistoryTuple. Arrays rather than objects
 * (json_build_object) because PostgreSQL builds them in about half the time and the server
 * parses no keys: the history is what made the task page's read cost 1 ms (issue 15 §2).
 */
const historyJson = sql<HistoryTuple[]>`coalesce((
  select json_agg(json_build_array(
    ${taskHistory.id}, ${taskHistory.action}, ${taskHistory.details}, ${taskHistory.createdAt},
    hu.id, hu.full_name, hu.email, hu.avatar
  ) order by ${taskHistory.createdAt} desc, ${taskHistory.id} desc)
  from ${taskHistory} left join ${users} hu on hu.id = ${taskHistory.userId}
  where ${taskHistory.taskId} = ${tasks.id}
), '[]'::json)`;

/** One history entry as historyJson writes it: its values, then its author's (all null when none). */
type HistoryTuple = [
  id: string,
  action: HistoryAction,
  details: Record<string, unknown>,
  timestamp: string,
  userId: string | null,
  fullName: string | null,
  email: string | null,
  avatar: string | null,
];

function historyRowOf([id, action, details, timestamp, userId, fullName, email, avatar]: HistoryTuple): HistoryRow {
  return { id, action, details, timestamp, user: userId === null ? null : { id: userId, fullName: fullName!, email: email!, avatar } };
}

/** The task selection (plus `extra` columns) FROM tasks with the joins it needs. */
export function fromTasks(db: Db, userId: SqlParam, extra: Record<string, SQL> = {}) {
  return db
    .select({ ...taskSelection(userId), ...extra })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .leftJoin(creator, eq(creator.id, tasks.createdBy))
    .leftJoin(categories, eq(categories.id, tasks.categoryId));
}

/** Lookups of the references a save names, checked in the same query that reads the task. */
export type RefLookups = {
  /** The named assignee if a member of the project, else null. */
  newAssignee?: TaskUserRef | null;
  /** The named category if one of the caller's TASK categories, else null. */
  newCategory?: { id: string; name: string; color: string } | null;
  /** The named feature if one of the project's, else null. */
  newFeature?: { id: string; title: string } | null;
};

export type RefIds = { assigneeId?: SqlParam; categoryId?: SqlParam; featureId?: SqlParam };

/**
 * `featureDefaultCategory`, on a create: the feature's default category (decision 032), which any
 * editor may give a new task though another member chose it.
 */
export function refLookups(projectId: SQLWrapper, userId: SqlParam, ids: RefIds, featureDefaultCategory?: SQLWrapper) {
  const lookups: Record<string, SQL> = {};
  if (ids.assigneeId) {
    lookups.newAssignee = sql`(select json_build_object('id', u.id, 'fullName', u.full_name, 'username', u.username, 'email', u.email, 'avatar', u.avatar)
      from users u join project_members m on m.user_id = u.id
      where u.id = ${ids.assigneeId} and m.project_id = ${projectId})`;
  }
  if (ids.categoryId) {
    lookups.newCategory = sql`(select json_build_object('id', c.id, 'name', c.name, 'color', c.color)
      from categories c where c.id = ${ids.categoryId} and c.type = 'TASK'
        and ${featureDefaultCategory ? sql`(c.owner_id = ${userId} or c.id = ${featureDefaultCategory})` : sql`c.owner_id = ${userId}`})`;
  }
  if (ids.featureId) {
    lookups.newFeature = sql`(select json_build_object('id', f.id, 'title', f.title)
      from features f where f.id = ${ids.featureId} and f.project_id = ${projectId})`;
  }
  return lookups;
}

/** One task with its history (and the lookups a save needs), in one query. */
// The task page's read (GET /tasks/{id}), the answer of a create and of a move: built once.
const taskDetailStatement = preparedStatement((db) =>
  fromTasks(db, sql.placeholder('userId'), { history: historyJson })
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .limit(1)
    .prepare('task_detail'),
);

// The task without its history: what a save (PUT /tasks/{id}) is planned against, and its answer.
const taskRowStatement = preparedStatement((db) =>
  fromTasks(db, sql.placeholder('userId'))
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .limit(1)
    .prepare('task_row'),
);

// The task page's read by the task's key (GET /tasks/WEB-42): the same read, found through the
// project's key and the task's number (both unique indexes).
const taskDetailByKeyStatement = preparedStatement((db) =>
  fromTasks(db, sql.placeholder('userId'), { history: historyJson })
    .where(and(eq(projects.key, sql.placeholder('projectKey')), eq(tasks.number, sql.placeholder('number'))))
    .limit(1)
    .prepare('task_detail_by_key'),
);

export async function findTaskDetail(db: Db, taskId: string, userId: string): Promise<TaskDetailRow | undefined> {
  const [row] = (await taskDetailStatement(db).execute({ taskId, userId })) as Array<TaskRow & { history: HistoryTuple[] }>;
  return row && { ...row, history: row.history.map(historyRowOf) };
}

/** findTaskDetail for the task whose key is `projectKey`-`number`. */
export async function findTaskDetailByKey(db: Db, key: { projectKey: string; number: number }, userId: string): Promise<TaskDetailRow | undefined> {
  const [row] = (await taskDetailByKeyStatement(db).execute({ ...key, userId })) as Array<TaskRow & { history: HistoryTuple[] }>;
  return row && { ...row, history: row.history.map(historyRowOf) };
}

export async function findTaskRow(db: Db, taskId: string, userId: string): Promise<TaskRow | undefined> {
  const [row] = await taskRowStatement(db).execute({ taskId, userId });
  return row as TaskRow | undefined;
}

/** The task (without its history) and the references a save names, in one query. */
export async function findTaskForSave(db: Db, taskId: string, userId: string, ids: RefIds): Promise<(TaskRow & RefLookups) | undefined> {
  const lookups = refLookups(tasks.projectId, userId, ids);
  if (Object.keys(lookups).length === 0) return findTaskRow(db, taskId, userId);
  const [row] = await fromTasks(db, userId, lookups).where(eq(tasks.id, taskId)).limit(1);
  return row as (TaskRow & RefLookups) | undefined;
}

export type TaskAccessRow = Pick<TaskColumns, 'id' | 'projectId' | 'createdBy'> & { workspaceOwnerId: string; membershipRole: MemberRole | null };

// Just what deciding access to a task needs (comments, attachments, a delete): built once.
const taskAccessStatement = preparedStatement((db) =>
  db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      createdBy: tasks.createdBy,
      workspaceOwnerId: workspaces.ownerId,
      membershipRole: membershipRoleOf(tasks.projectId, sql.placeholder('userId')),
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .limit(1)
    .prepare('task_access'),
);

/** Just what deciding access to a task needs. */
export async function findTaskAccess(db: Db, taskId: string, userId: string): Promise<TaskAccessRow | undefined> {
  const [row] = await taskAccessStatement(db).execute({ taskId, userId });
  return row;
}

export type CreateContextRow = {
  projectId: string;
  projectName: string;
  featureTitle: string;
  workspaceOwnerId: string;
  membershipRole: MemberRole | null;
  /** The first rank of the new task's column (it goes above it), null for an empty column. */
  firstRank: string | null;
} & RefLookups;

/**
 * The feature a new task goes into, its project, the caller's role, the named references and
 * the top of the task's column; `withAssignee` adds the lookup of the named assignee.
 */
function createContextQuery(db: Db, withAssignee: boolean, name: string) {
  const userId = sql.placeholder('userId');
  const ids: RefIds = { categoryId: sql.placeholder('categoryId'), ...(withAssignee ? { assigneeId: sql.placeholder('assigneeId') } : {}) };
  return db
    .select({
      projectId: features.projectId,
      projectName: projects.name,
      featureTitle: features.title,
      workspaceOwnerId: workspaces.ownerId,
      membershipRole: membershipRoleOf(features.projectId, userId),
      firstRank: sql<string | null>`(select min(${tasks.boardRank}) from ${tasks} where ${tasks.featureId} = ${features.id} and ${tasks.status} = ${sql.placeholder('status')})`,
      // A subtask may take its parent's category, though another member chose it (decision 033).
      ...refLookups(features.projectId, userId, ids, sql`coalesce(${sql.placeholder('inheritedCategoryId')}::uuid, ${features.defaultCategoryId})`),
    })
    .from(features)
    .innerJoin(projects, eq(projects.id, features.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(features.id, sql.placeholder('featureId')))
    .limit(1)
    .prepare(name);
}

// Every create reads its context through one of these two: built once each.
const createContextStatement = preparedStatement((db) => createContextQuery(db, false, 'task_create_context'));
const createContextWithAssigneeStatement = preparedStatement((db) => createContextQuery(db, true, 'task_create_context_assignee'));

export async function findCreateContext(
  db: Db,
  featureId: string,
  status: TaskStatus,
  userId: string,
  ids: { assigneeId?: string; categoryId: string; inheritedCategoryId?: string | null },
) {
  const statement = ids.assigneeId ? createContextWithAssigneeStatement(db) : createContextStatement(db);
  const [row] = await statement.execute({
    featureId,
    status,
    userId,
    categoryId: ids.categoryId,
    assigneeId: ids.assigneeId,
    inheritedCategoryId: ids.inheritedCategoryId ?? null,
  });
  return row as CreateContextRow | undefined;
}

/** What creating a subtask needs of its parent (decision 033): where it is, and the caller's role there. */
export type ParentCandidateRow = Pick<TaskColumns, 'id' | 'projectId' | 'featureId' | 'parentTaskId' | 'categoryId' | 'number' | 'title'> & {
  workspaceOwnerId: string;
  membershipRole: MemberRole | null;
};

const parentCandidateStatement = preparedStatement((db) =>
  db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      featureId: tasks.featureId,
      parentTaskId: tasks.parentTaskId,
      categoryId: tasks.categoryId,
      number: tasks.number,
      title: tasks.title,
      workspaceOwnerId: workspaces.ownerId,
      membershipRole: membershipRoleOf(tasks.projectId, sql.placeholder('userId')),
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .limit(1)
    .prepare('task_parent_candidate'),
);

export async function findParentCandidate(db: Db, taskId: string, userId: string): Promise<ParentCandidateRow | undefined> {
  const [row] = await parentCandidateStatement(db).execute({ taskId, userId });
  return row;
}

/** What a delete needs (decision 033): access, and of its subtasks how many, and how many someone else created. */
export type TaskDeleteRow = TaskAccessRow & { subtaskCount: number; othersSubtaskCount: number };

const taskDeleteStatement = preparedStatement((db) =>
  db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      createdBy: tasks.createdBy,
      workspaceOwnerId: workspaces.ownerId,
      membershipRole: membershipRoleOf(tasks.projectId, sql.placeholder('userId')),
      subtaskCount: sql<number>`(select count(*)::int from ${tasks} s where s.parent_task_id = ${tasks.id})`,
      othersSubtaskCount: sql<number>`(select count(*)::int from ${tasks} s where s.parent_task_id = ${tasks.id}
        and s.created_by is distinct from ${sql.placeholder('userId')}::uuid)`,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .limit(1)
    .prepare('task_delete_context'),
);

export async function findTaskForDelete(db: Db, taskId: string, userId: string): Promise<TaskDeleteRow | undefined> {
  const [row] = await taskDeleteStatement(db).execute({ taskId, userId });
  return row;
}
