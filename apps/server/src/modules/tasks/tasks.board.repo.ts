import type { MemberRole, TaskStatus } from '@tasklane/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects, tasks, users, workspaces } from '../../db/schema.js';
import { membershipRoleOf } from '../projects/projects.repo.js';
import { taskSearchCondition } from './tasks.list.repo.js';
import type { TaskColumns } from './tasks.repo.js';

export type BoardTaskRow = Pick<TaskColumns, 'id' | 'title' | 'status' | 'priority' | 'dueDate' | 'tags' | 'boardRank' | 'version'> & {
  assignee: Pick<typeof users.$inferSelect, 'id' | 'fullName' | 'avatar'> | null;
};

/**
 * A feature's tasks in board order (rank, then id: the rank column compares bytes), with just
 * what a card shows, in one query on tasks(feature_id, board_rank); with a search, only the
 * tasks it matches (the lists' meaning).
 */
export async function listBoardTasks(db: Db, featureId: string, limit: number, search?: string): Promise<BoardTaskRow[]> {
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      tags: tasks.tags,
      boardRank: tasks.boardRank,
      version: tasks.version,
      assignee: { id: users.id, fullName: users.fullName, avatar: users.avatar },
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.assigneeId))
    .where(and(eq(tasks.featureId, featureId), taskSearchCondition(search)))
    .orderBy(asc(tasks.boardRank), asc(tasks.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, assignee: row.assignee?.id ? row.assignee : null }));
}

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
 * a row another move holds fails the statement at once (lock_not_available). Unordered: rows
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
    .for('update', options.noWait ? { noWait: true } : {});
}
