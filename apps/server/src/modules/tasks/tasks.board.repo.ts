import type { BoardCursor, MemberRole, Priority, TaskStatus } from '@tasklane/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects, tasks, users, workspaces } from '../../db/schema.js';
import { rowsOf } from '../account/account.repo.js';
import { membershipRoleOf } from '../projects/projects.repo.js';
import { taskSearchCondition } from './tasks.list.repo.js';
import { blockersOfTasks, type BlockerTuple } from '../relations/relations.repo.js';
import { subtaskCountsOfTasks, type TaskColumns } from './tasks.repo.js';

export type BoardTaskRow = Pick<TaskColumns, 'id' | 'number' | 'title' | 'status' | 'priority' | 'dueDate' | 'tags' | 'boardRank' | 'version' | 'parentTaskId'> & {
  assignee: Pick<typeof users.$inferSelect, 'id' | 'fullName' | 'avatar'> | null;
  /** Its unfinished blockers (issue 19). */
  blockedBy: BlockerTuple[];
  /** A subtask's parent (its key is made with the project's key). */
  parentTask: { _id: string; number: number; title: string } | null;
  subtasks: { total: number; completed: number };
};

export type BoardFilters = { search?: string; priority?: Priority; hideSubtasks?: boolean };

/**
 * The first `limit` cards of each of `statuses` (after `after` in board order: rank, then id),
 * with just what a card shows, in one query: per column one index scan on tasks(feature_id,
 * status, board_rank, id) that stops at the limit; with a search or a priority, only the tasks
 * they match. Columns come in the order of `statuses`, cards in board order.
 *
 * The page is read first (a materialized CTE); then the subtask counts, the unfinished blockers
 * and the assignees of all its cards, each by one index scan over the page's ids. A lookup per
 * card (a correlated subquery each) cost the database 3.6 ms of CPU for a page of 727 cards,
 * this 2.9 ms (2026-12-02, the bench's full data set).
 *
 * Written as one SQL text and read as plain rows: a board is hundreds of rows, and Drizzle's
 * mapping of a select's fields (its entity checks per field and row) cost more of the
 * request's CPU than the database's whole answer did (decision 045).
 */
export async function listBoardColumns(
  db: Db,
  featureId: string,
  statuses: readonly TaskStatus[],
  filters: BoardFilters,
  limit: number,
  after?: BoardCursor,
): Promise<BoardTaskRow[]> {
  const conditions = and(
    eq(tasks.featureId, featureId),
    sql`${tasks.status} = board_columns.status`,
    filters.priority ? eq(tasks.priority, filters.priority) : undefined,
    filters.hideSubtasks ? isNull(tasks.parentTaskId) : undefined,
    taskSearchCondition(filters.search),
    after ? sql`(${tasks.boardRank}, ${tasks.id}) > (${after.rank}, ${after.id}::uuid)` : undefined,
  );
  const rows = rowsOf<RawBoardRow>(
    await db.execute(sql`
      with page as materialized (
        select board_columns.position, card.*
        from unnest(array[${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )}]::text[]) with ordinality as board_columns(status, position)
        cross join lateral (
          select ${tasks.id}, ${tasks.number}, ${tasks.title}, ${tasks.status}, ${tasks.priority}, ${tasks.dueDate}, ${tasks.tags},
            ${tasks.boardRank}, ${tasks.version}, ${tasks.assigneeId}, ${tasks.parentTaskId},
            -- Decision 033: the parent for a subtask's link (a lookup only for a subtask).
            (select json_build_object('_id', p.id, 'number', p.number, 'title', p.title) from ${tasks} p where p.id = ${tasks.parentTaskId}) as parent_task
          from ${tasks}
          where ${conditions}
          order by ${tasks.boardRank}, ${tasks.id}
          limit ${limit}) card
      ),
      -- A parent's progress and a card's unfinished blockers, for the whole page at once.
      subtask_counts as (${subtaskCountsOfTasks(sql`array(select id from page)`)}),
      blockers as (${blockersOfTasks(sql`array(select id from page)`)}),
      -- The page's few assignees by primary key (a join could hash every user).
      assignee as (select ${users.id}, ${users.fullName}, ${users.avatar} from ${users}
        where ${users.id} = any(array(select distinct assignee_id from page where assignee_id is not null)))
      select page.id, page.number, page.title, page.status, page.priority, page.due_date as "dueDate", page.tags,
        page.board_rank as "boardRank", page.version, page.parent_task_id as "parentTaskId", page.parent_task as "parentTask",
        coalesce(subtask_counts.total, 0) as "subtaskTotal", coalesce(subtask_counts.completed, 0) as "subtaskCompleted",
        coalesce(blockers.blocked_by, '[]'::json) as "blockedBy",
        assignee.id as "assigneeId", assignee.full_name as "assigneeFullName", assignee.avatar as "assigneeAvatar"
      from page
      left join subtask_counts on subtask_counts.task_id = page.id
      left join blockers on blockers.task_id = page.id
      left join assignee on assignee.id = page.assignee_id
      order by page.position, page.board_rank, page.id`),
  );
  // Field by field: an object rest and spread per row cost 50 times as much (2 ms a board).
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    title: row.title,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    tags: row.tags,
    boardRank: row.boardRank,
    version: row.version,
    parentTaskId: row.parentTaskId,
    parentTask: row.parentTask,
    subtasks: { total: row.subtaskTotal, completed: row.subtaskCompleted },
    blockedBy: row.blockedBy,
    assignee: row.assigneeId ? { id: row.assigneeId, fullName: row.assigneeFullName!, avatar: row.assigneeAvatar } : null,
  }));
}

/** A card's row as the board's query answers it. */
type RawBoardRow = Omit<BoardTaskRow, 'assignee' | 'subtasks'> & {
  assigneeId: string | null;
  assigneeFullName: string | null;
  assigneeAvatar: string | null;
  subtaskTotal: number;
  subtaskCompleted: number;
};

/** A neighbour named by a move: its rank and whether it is a task of the same feature. */
type Neighbour = { rank: string; isSameFeature: boolean } | null;

export type MoveContextRow = Pick<TaskColumns, 'id' | 'projectId' | 'featureId' | 'status' | 'blockedReason' | 'boardRank' | 'version'> & {
  workspaceOwnerId: string;
  membershipRole: MemberRole | null;
  after: Neighbour;
  before: Neighbour;
  /** The first rank after `after` in the target column (the moved task aside), or null. */
  nextAfter: string | null;
  /** The last rank before `before` in the target column (the moved task aside), or null. */
  previousBefore: string | null;
};

/**
 * Everything a move needs, in one query: the task with the caller's role, the neighbours it is
 * dropped between, and the ranks around them in the target column.
 */
export async function findMoveContext(
  db: Db,
  taskId: string,
  userId: string,
  move: { status: TaskStatus | undefined; afterId: string | null; beforeId: string | null },
): Promise<MoveContextRow | undefined> {
  const neighbour = (id: string | null) =>
    id
      ? sql<Neighbour>`(select json_build_object('rank', n.board_rank, 'isSameFeature', n.feature_id = ${tasks.featureId})
          from ${tasks} n where n.id = ${id})`
      : sql<Neighbour>`null::json`;
  const column = sql`c.feature_id = ${tasks.featureId} and c.status = coalesce(${move.status ?? null}::text, ${tasks.status}) and c.id <> ${tasks.id}`;
  const rankOf = (id: string | null) => sql`(select r.board_rank from ${tasks} r where r.id = ${id})`;
  const [row] = await db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      featureId: tasks.featureId,
      status: tasks.status,
      blockedReason: tasks.blockedReason,
      boardRank: tasks.boardRank,
      version: tasks.version,
      workspaceOwnerId: workspaces.ownerId,
      membershipRole: membershipRoleOf(tasks.projectId, userId),
      after: neighbour(move.afterId),
      before: neighbour(move.beforeId),
      nextAfter: move.afterId
        ? sql<string | null>`(select min(c.board_rank) from ${tasks} c where ${column} and c.board_rank > ${rankOf(move.afterId)})`
        : sql<string | null>`null::text`,
      previousBefore: move.beforeId
        ? sql<string | null>`(select max(c.board_rank) from ${tasks} c where ${column} and c.board_rank < ${rankOf(move.beforeId)})`
        : sql<string | null>`null::text`,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(tasks.id, taskId))
    .limit(1);
  return row as MoveContextRow | undefined;
}

export type ColumnRankRow = { id: string; boardRank: string };

/**
 * The ranks of one board column, the moved task aside, locked until the move commits: a move
 * that renumbers the column reads them, and no other move in the column lands between that
 * read and the renumbering (it waits for the lock, then reads the new ranks). With `noWait`,
 * a row another move holds fails the statement at once (lock_not_available). NO KEY UPDATE, as
 * the updates themselves take: a reference being checked (a notification or an attachment
 * naming the task: KEY SHARE) does not hold a move back. Unordered: rows
 * locked after a wait carry their newest rank, which an ORDER BY here may not have seen.
 */
export async function lockColumnRanks(
  db: Db,
  featureId: string,
  status: TaskStatus,
  movedId: string,
  options: { noWait: boolean },
): Promise<ColumnRankRow[]> {
  return db
    .select({ id: tasks.id, boardRank: tasks.boardRank })
    .from(tasks)
    .where(and(eq(tasks.featureId, featureId), eq(tasks.status, status), ne(tasks.id, movedId)))
    .for('no key update', options.noWait ? { noWait: true } : {});
}
