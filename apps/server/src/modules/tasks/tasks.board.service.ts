import {
  encodeBoardCursor,
  formatTaskKey,
  isTaskOverdue,
  statisticsOfCounts,
  taskStatuses,
  type BoardColumn,
  type BoardQueryData,
  type BoardTask,
  type MoveTaskData,
  type MovedTask,
} from '@tasklane/contract';
import { isDeadlock, isLockNotAvailable } from '../../db/errors.js';
import { badRequest, conflict, notFoundOrNotYours } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { findFeature } from '../features/features.repo.js';
import { requireRole, requireVisible } from '../projects/project-access.js';
import { minimumRoleFor } from '../projects/projects.policy.js';
import type { UserRow } from '../users/users.repo.js';
import { findMoveContext, listBoardColumns, type BoardTaskRow } from './tasks.board.repo.js';
import { rankMove, type RenumberMode } from './tasks.board.ranks.js';
import { planStatusChange } from './tasks.history.js';
import { countFeatureTasksByStatus } from './tasks.list.repo.js';
import { presentBlockedBy } from '../relations/relations.presenter.js';
import { utcToday } from './tasks.presenter.js';
import * as write from './tasks.write.repo.js';

const STALE_TASK = 'This task was changed by someone else. Reload to see the latest version.';
const EDIT_ONLY = 'Only members, moderators and admins can create and edit tasks';

function presentBoardTask(row: BoardTaskRow, projectKey: string, today: string): BoardTask {
  return {
    _id: row.id,
    number: row.number,
    key: formatTaskKey(projectKey, row.number),
    title: row.title,
    priority: row.priority,
    assigneeId: row.assignee && { _id: row.assignee.id, fullName: row.assignee.fullName, avatar: row.assignee.avatar },
    dueDate: row.dueDate ? `${row.dueDate}T00:00:00.000Z` : null,
    isOverdue: isTaskOverdue(row, today),
    tags: row.tags,
    boardRank: row.boardRank,
    version: row.version,
    blockedBy: presentBlockedBy(row.blockedBy, projectKey),
    parentTaskId: row.parentTaskId,
    parentTask: row.parentTask && { _id: row.parentTask._id, key: formatTaskKey(projectKey, row.parentTask.number), title: row.parentTask.title },
    subtasks: row.subtasks,
  };
}

/**
 * A feature's board: per column (every status, or the one asked for) its first `limit` cards
 * in board order, or those after the cursor, with how many it has and where the next page
 * starts; the tasks the search and priority match in every column, and the statistics tiles of
 * the whole feature (as the list gives them). Two queries: the counts per status, the cards.
 */
export async function getBoard(ctx: ServiceContext, user: UserRow, query: BoardQueryData) {
  const { row: feature } = requireVisible(user, await findFeature(ctx.db, query.featureId, user.id), 'Feature');
  const filters = { search: query.search, priority: query.priority, hideSubtasks: query.hideSubtasks };
  const statuses = query.status ? [query.status] : taskStatuses;
  const counts = await countFeatureTasksByStatus(ctx.db, feature.id, filters);
  // One more than asked: whether more follow, even when cards moved since the counts.
  const rows = await listBoardColumns(ctx.db, feature.id, statuses, filters, query.limit + 1, query.after);
  const today = utcToday();
  const columns: BoardColumn[] = statuses.map((status) => {
    const cards = rows.filter((row) => row.status === status);
    const page = cards.slice(0, query.limit);
    const last = page.at(-1);
    return {
      status,
      total: counts.find((count) => count.status === status)?.matching ?? 0,
      tasks: page.map((row) => presentBoardTask(row, feature.projectKey, today)),
      nextCursor: cards.length > query.limit && last ? encodeBoardCursor({ rank: last.boardRank, id: last.id }) : null,
    };
  });
  const total = counts.reduce((sum, count) => sum + count.matching, 0);
  return { columns, statistics: statisticsOfCounts(counts), total };
}

const neighbourError = (field: 'afterId' | 'beforeId') => {
  const message = `${field} must be another task of the same feature`;
  return badRequest(message, [{ field, message }]);
};

/**
 * A move that must renumber its column first tries without waiting for the column's rows; when
 * another move holds one, it runs again and then waits only if it must. Waiting on rows while
 * holding its own can deadlock with another such move: the one PostgreSQL rolls back runs again.
 */
const MOVE_ATTEMPTS = 4;

/**
 * Moves a card on its feature's board (MEMBER and above): to another column (its status, with
 * history and a new version, like a PUT) and/or to another place in its column (its rank only:
 * no history, same version). One read, one write (with its event), under the task's row lock
 * so that concurrent moves and saves apply one after the other. Rarely (once a gap has been
 * split some 150 times) the move renumbers its column: one more read, the same single write.
 */
export async function moveTask(ctx: ServiceContext, user: Actor, taskId: string, data: MoveTaskData): Promise<MovedTask> {
  const afterId = data.afterId ?? null;
  const beforeId = data.beforeId ?? null;
  if (afterId === taskId) throw neighbourError('afterId');
  if (beforeId === taskId) throw neighbourError('beforeId');
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await moveOnce(ctx, user, taskId, data, { afterId, beforeId }, attempt === 1 ? 'nowait' : 'wait');
    } catch (error) {
      if (attempt >= MOVE_ATTEMPTS || !(isLockNotAvailable(error) || isDeadlock(error))) throw error;
    }
  }
}

async function moveOnce(
  ctx: ServiceContext,
  user: Actor,
  taskId: string,
  data: MoveTaskData,
  { afterId, beforeId }: { afterId: string | null; beforeId: string | null },
  mode: RenumberMode,
) {
  // Again after a lock conflict: with the whole target column, in the one order every move uses.
  const lockColumn = mode === 'wait' ? { column: { status: data.status } } : {};
  const moved = await write.withTaskLock(ctx.db, taskId, async (tx) => {
    const found = await findMoveContext(tx, taskId, user.id, { status: data.status, afterId, beforeId });
    const { row: context, role } = requireVisible(user, found, 'Task');
    requireRole(role, minimumRoleFor.canEditTasks, EDIT_ONLY);
    if (data.version !== undefined && data.version !== context.version) throw conflict(STALE_TASK);
    if (afterId && !context.after?.isSameFeature) throw neighbourError('afterId');
    if (beforeId && !context.before?.isSameFeature) throw neighbourError('beforeId');
    const status = data.status ?? context.status;
    const plan = planStatusChange(context, status);
    const { boardRank, others } = await rankMove(tx, context, status, { afterId, beforeId }, mode);
    if (plan.history.length === 0 && boardRank === context.boardRank && others.length === 0) {
      return { id: context.id, status: context.status, boardRank, version: context.version };
    }
    return write.moveTaskWithHistory(tx, user, taskId, context.version, boardRank, plan.values, plan.history, others);
  }, lockColumn);
  // The lock held the row: only a task deleted meanwhile is missing here.
  if (!moved) throw notFoundOrNotYours('Task');
  return { _id: moved.id, status: moved.status, boardRank: moved.boardRank, version: moved.version };
}
