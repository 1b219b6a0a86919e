import { priorities, statisticsOfCounts, taskStatuses, type Priority, type TaskSortField, type TaskStatistics, type TaskStatus } from '@tasklane/contract';
import { and, asc, eq, inArray, isNull, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiTimestamp, orderTerm, pageChoiceColumns, rankOf, searchCondition, type SortOrder } from '../../db/list-helpers.js';
import { categories, featureTaskCounts, features, projects, tasks, users, workspaces } from '../../db/schema.js';
import { rowsOf } from '../account/account.repo.js';
import { attachmentsJsonOf } from '../attachments/attachments.repo.js';
import { inOpenProject, membershipRoleOf } from '../projects/projects.repo.js';
import { blockedByJsonOf } from '../relations/relations.repo.js';
import { preparedStatement, preparedStatements } from '../../db/prepared.js';
import { fromTasks, parentTaskJson, subtaskCountsJson, type TaskRow } from './tasks.repo.js';

export type TaskFilters = {
  search?: string;
  status?: TaskStatus[];
  priority?: Priority;
  /** Leave out COMPLETED and CANCELLED tasks (issue 18: /tasks's default). */
  hideDone?: boolean;
  /** Only top-level tasks ("Hide subtasks", decision 033). */
  hideSubtasks?: boolean;
};

/** What /tasks hides by default (issue 18). */
const doneTaskStatuses: TaskStatus[] = ['COMPLETED', 'CANCELLED'];
export type TaskSort = { sortBy: TaskSortField; sortOrder: SortOrder };
export type TaskPage = TaskSort & { page: number; limit: number };

function filterConditions(filters: TaskFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(inArray(tasks.status, filters.status));
  if (filters.hideDone) conditions.push(notInArray(tasks.status, doneTaskStatuses));
  if (filters.priority) conditions.push(eq(tasks.priority, filters.priority));
  if (filters.hideSubtasks) conditions.push(isNull(tasks.parentTaskId));
  const search = taskSearchCondition(filters.search);
  if (search) conditions.push(search);
  return conditions;
}

/** What a task search matches (rules/search.ts): every word in the title, the description or a tag. */
export function taskSearchCondition(search: string | undefined): SQL | undefined {
  return searchCondition(search, [tasks.title, tasks.description], [tasks.tags]);
}

const sortExpressions = {
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  title: sql`lower(${tasks.title})`,
  dueDate: tasks.dueDate,
  priority: rankOf(tasks.priority, priorities),
  status: rankOf(tasks.status, taskStatuses),
} as const;

/**
 * The sort, then ties newest first. `tiesByDueDate`: ties of a priority or status sort go by
 * due date first (soonest, none last), as /tasks has always shown them.
 */
function orderFor(sort: TaskSort, { tiesByDueDate = false } = {}): SQL[] {
  const byDueDate = tiesByDueDate && (sort.sortBy === 'priority' || sort.sortBy === 'status');
  return [
    orderTerm(sortExpressions[sort.sortBy], sort.sortOrder, { nullsLast: sort.sortBy === 'dueDate' }),
    ...(byDueDate ? [orderTerm(tasks.dueDate, 'asc', { nullsLast: true })] : []),
    orderTerm(tasks.createdAt, 'desc'),
    orderTerm(tasks.id, 'asc'),
  ];
}

/** A feature's tasks without filters, one statement per sort, built once each (issue 15 §2). */
const unfilteredPageStatement = preparedStatements((db, sortKey: `${TaskSortField} ${SortOrder}`) => {
  const [sortBy, sortOrder] = sortKey.split(' ') as [TaskSortField, SortOrder];
  return fromTasks(db, sql.placeholder('userId'))
    .where(eq(tasks.featureId, sql.placeholder('featureId')))
    .orderBy(...orderFor({ sortBy, sortOrder }))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`feature_tasks_${sortBy}_${sortOrder}`);
});

/** One page of a feature's tasks, filtered and sorted in the database, populated by joins. */
export async function listFeatureTasks(
  db: Db,
  featureId: string,
  userId: string,
  filters: TaskFilters,
  page: TaskPage,
): Promise<TaskRow[]> {
  const conditions = filterConditions(filters);
  const offset = (page.page - 1) * page.limit;
  if (conditions.length === 0) {
    const statement = unfilteredPageStatement(db, `${page.sortBy} ${page.sortOrder}`);
    return (await statement.execute({ featureId, userId, limit: page.limit, offset })) as TaskRow[];
  }
  return fromTasks(db, userId)
    .where(and(eq(tasks.featureId, featureId), ...conditions))
    .orderBy(...orderFor(page))
    .limit(page.limit)
    .offset(offset);
}

/** Per status: every task of the feature, and those the filters match. */
export type StatusCounts = Array<{ status: TaskStatus; total: number; matching: number }>;

/**
 * Without filters, the feature's few rows of `feature_task_counts`, which triggers on `tasks` keep
 * (decision 052): counting 2,000 tasks cost 1.5 ms of the database's CPU a request, most of it
 * reading rows whose page was written since the last vacuum. With filters, one GROUP BY over
 * the feature's tasks by status, which reads the rows it filters once.
 */
export async function countFeatureTasksByStatus(db: Db, featureId: string, filters: TaskFilters): Promise<StatusCounts> {
  const conditions = filterConditions(filters);
  if (conditions.length === 0) return unfilteredCountsStatement(db).execute({ featureId });
  return countsQuery(db, sql<number>`count(*) filter (where ${and(...conditions)})`, featureId);
}

function countsQuery<P extends string | Placeholder>(db: Db, matching: SQL<number>, featureId: P) {
  return db
    .select({ status: tasks.status, total: sql<number>`count(*)`.mapWith(Number), matching: matching.mapWith(Number) })
    .from(tasks)
    .where(eq(tasks.featureId, featureId))
    .groupBy(tasks.status);
}

// The counts of every task table without filters, as the triggers keep them: built once.
const unfilteredCountsStatement = preparedStatement((db) =>
  db
    .select({ status: featureTaskCounts.status, total: featureTaskCounts.count, matching: featureTaskCounts.count })
    .from(featureTaskCounts)
    .where(eq(featureTaskCounts.featureId, sql.placeholder('featureId')))
    .prepare('feature_task_counts'),
);

/** How many tasks of the feature match the filters, and the statistics tiles of the whole feature. */
export async function countFeatureTasks(
  db: Db,
  featureId: string,
  filters: TaskFilters,
): Promise<{ matching: number; statistics: TaskStatistics }> {
  const counts = await countFeatureTasksByStatus(db, featureId, filters);
  return { matching: counts.reduce((sum, row) => sum + row.matching, 0), statistics: statisticsOfCounts(counts) };
}

/**
 * The user's assigned tasks in projects they can still open (a member, or the workspace's
 * owner), filtered, sorted and paged in the database: one page, or every one when `page` has
 * no `limit`. The page's ids (with the total as a window count) are chosen from tasks alone;
 * only that page is then populated by joins.
 */
const assignedWhere = (userId: string, filters: TaskFilters) =>
  and(eq(tasks.assigneeId, userId), inOpenProject(tasks.projectId, userId), ...filterConditions(filters));

export async function listAssignedTasks(db: Db, userId: string, filters: TaskFilters, page: TaskSort | TaskPage) {
  const order = orderFor(page, { tiesByDueDate: true });
  const paging = 'limit' in page ? page : undefined;
  const where = assignedWhere(userId, filters);
  if (!paging) {
    const rows = await listEveryAssignedTask(db, userId, where, order);
    return { rows, total: rows.length };
  }
  const candidates = db
    .select(pageChoiceColumns(tasks.id, order))
    .from(tasks)
    .where(where)
    .orderBy(...order);
  const chosen = candidates.limit(paging.limit).offset((paging.page - 1) * paging.limit).as('chosen');
  const rows = (await fromTasks(db, userId, { total: sql`${chosen.total}`.mapWith(Number) })
    .innerJoin(chosen, eq(chosen.id, tasks.id))
    .orderBy(asc(chosen.position))) as Array<TaskRow & { total: number }>;
  if (rows.length > 0 || paging.page === 1) return { rows: rows as TaskRow[], total: rows[0]?.total ?? 0 };
  // A page past the end: count on its own.
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(tasks)
    .where(where);
  return { rows: [] as TaskRow[], total: count?.total ?? 0 };
}

/** A task of the unpaged list: a task row with its timestamps already as the API writes them. */
export type ListedTaskRow = Omit<TaskRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/**
 * Every assigned task the filters match (the spec's clients ask for all of them at once: 5,000
 * for the bench's heavy user), with what `fromTasks` selects. Read straight from the assignee's
 * tasks (a page's two steps would make the planner hash-join the chosen ids against a
 * sequential scan of all tasks), as one SQL text read as plain rows and mapped field by field,
 * the timestamps written as text by the database: Drizzle's mapping of thousands of rows, and a
 * `Date` parsed and printed for each timestamp, were most of the request's CPU (decision 045).
 */
async function listEveryAssignedTask(db: Db, userId: string, where: SQL | undefined, order: SQL[]): Promise<ListedTaskRow[]> {
  const rows = rowsOf<RawListedTaskRow>(
    await db.execute(sql`
      select ${tasks.id} as "id", ${tasks.projectId} as "projectId", ${tasks.featureId} as "featureId", ${tasks.number} as "number",
        ${tasks.title} as "title", ${tasks.description} as "description", ${tasks.status} as "status", ${tasks.priority} as "priority",
        ${tasks.dueDate} as "dueDate", ${tasks.estimatedHours} as "estimatedHours", ${tasks.actualHours} as "actualHours",
        ${tasks.tags} as "tags", ${tasks.blockedReason} as "blockedReason", ${tasks.parentTaskId} as "parentTaskId",
        ${tasks.version} as "version", ${apiTimestamp(tasks.createdAt)} as "createdAt", ${apiTimestamp(tasks.updatedAt)} as "updatedAt",
        ${projects.name} as "projectName", ${projects.key} as "projectKey",
        (select ${features.title} from ${features} where ${features.id} = ${tasks.featureId}) as "featureTitle",
        listed_assignee.id as "assigneeId", listed_assignee.full_name as "assigneeFullName", listed_assignee.username as "assigneeUsername",
        listed_assignee.email as "assigneeEmail", listed_assignee.avatar as "assigneeAvatar",
        listed_creator.id as "creatorId", listed_creator.full_name as "creatorFullName", listed_creator.username as "creatorUsername",
        listed_creator.email as "creatorEmail", listed_creator.avatar as "creatorAvatar",
        ${categories.id} as "categoryId", ${categories.name} as "categoryName", ${categories.color} as "categoryColor",
        ${workspaces.ownerId} as "workspaceOwnerId", ${membershipRoleOf(tasks.projectId, userId)} as "membershipRole",
        ${attachmentsJsonOf(tasks.id)} as "attachments", ${blockedByJsonOf(tasks.id)} as "blockedBy",
        ${parentTaskJson()} as "parentTask", ${subtaskCountsJson} as "subtasks"
      from ${tasks}
      inner join ${projects} on ${projects.id} = ${tasks.projectId}
      inner join ${workspaces} on ${workspaces.id} = ${projects.workspaceId}
      left join ${users} listed_assignee on listed_assignee.id = ${tasks.assigneeId}
      left join ${users} listed_creator on listed_creator.id = ${tasks.createdBy}
      left join ${categories} on ${categories.id} = ${tasks.categoryId}
      where ${where}
      order by ${sql.join(order, sql`, `)}`),
  );
  // Field by field: an object rest and spread per row costs far more than naming them (decision 045).
  return rows.map((row) => ({
    id: row.id,
    projectId: row.projectId,
    featureId: row.featureId,
    number: row.number,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    estimatedHours: row.estimatedHours,
    actualHours: row.actualHours,
    tags: row.tags,
    blockedReason: row.blockedReason,
    parentTaskId: row.parentTaskId,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    projectName: row.projectName,
    projectKey: row.projectKey,
    featureTitle: row.featureTitle,
    assignee:
      row.assigneeId === null
        ? null
        : { id: row.assigneeId, fullName: row.assigneeFullName!, username: row.assigneeUsername!, email: row.assigneeEmail!, avatar: row.assigneeAvatar },
    creator:
      row.creatorId === null
        ? null
        : { id: row.creatorId, fullName: row.creatorFullName!, username: row.creatorUsername!, email: row.creatorEmail!, avatar: row.creatorAvatar },
    category: row.categoryId === null ? null : { id: row.categoryId, name: row.categoryName!, color: row.categoryColor! },
    workspaceOwnerId: row.workspaceOwnerId,
    membershipRole: row.membershipRole,
    attachments: row.attachments,
    blockedBy: row.blockedBy,
    parentTask: row.parentTask,
    subtasks: row.subtasks,
  }));
}

/** A row as listEveryAssignedTask's query answers it: the joined users and category as columns. */
type RawListedTaskRow = Omit<ListedTaskRow, 'assignee' | 'creator' | 'category'> & {
  assigneeId: string | null;
  assigneeFullName: string | null;
  assigneeUsername: string | null;
  assigneeEmail: string | null;
  assigneeAvatar: string | null;
  creatorId: string | null;
  creatorFullName: string | null;
  creatorUsername: string | null;
  creatorEmail: string | null;
  creatorAvatar: string | null;
  categoryId: string | null;
  categoryName: string | null;
  categoryColor: string | null;
};

/** How many of the user's COMPLETED and CANCELLED assigned tasks the other filters match: what hideDone left out. */
export async function countDoneAssignedTasks(db: Db, userId: string, filters: TaskFilters): Promise<number> {
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(tasks)
    .where(and(assignedWhere(userId, { ...filters, hideDone: false }), inArray(tasks.status, doneTaskStatuses)));
  return count?.total ?? 0;
}
