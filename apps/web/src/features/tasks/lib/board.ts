import {
  isTaskOverdue,
  rankBetween,
  statusesForFilter,
  taskStatisticsTile,
  taskStatuses,
  type BoardTask,
  type Priority,
  type TaskStatistics,
  type TaskStatus,
  type TaskStatusFilter,
} from '@tasklane/contract';

export type BoardColumns = Record<TaskStatus, string[]>;

/** Where a card goes: its column, and the cards above (afterId) and below (beforeId) it there. */
export type BoardMove = { status: TaskStatus; afterId: string | null; beforeId: string | null };

/** The board's columns, one per status, in the order the statuses are listed. */
export const boardStatuses = taskStatuses;

/** Card ids per column, in board order (the server's order: rank, then id). */
export function groupByStatus(tasks: readonly BoardTask[]): BoardColumns {
  const columns = Object.fromEntries(boardStatuses.map((status) => [status, [] as string[]])) as BoardColumns;
  for (const task of tasks) columns[task.status].push(task._id);
  return columns;
}

export type BoardFilters = { status?: string; priority?: string };

/**
 * The list's status filter (Pending = TODO and REOPEN, Blocked given as BLOCK) and priority, on
 * the board's cards. The search is the server's (`GET /tasks/board?search=`): a card carries no
 * description, which the search also reads.
 */
export function filterBoardTasks(tasks: readonly BoardTask[], filters: BoardFilters): BoardTask[] {
  const statuses = filters.status ? new Set<TaskStatus>(statusesForFilter(filters.status as TaskStatusFilter)) : undefined;
  return tasks.filter((task) => {
    if (statuses && !statuses.has(task.status)) return false;
    return !filters.priority || task.priority === (filters.priority as Priority);
  });
}

/** The columns a status filter leaves on the board (all of them without one). */
export function visibleStatuses(statusFilter: string | undefined): readonly TaskStatus[] {
  if (!statusFilter) return boardStatuses;
  const shown = new Set(statusesForFilter(statusFilter as TaskStatusFilter));
  return boardStatuses.filter((status) => shown.has(status));
}

/** The move that puts `taskId` at `index` of `column` (the card's own place excluded). */
export function moveAt(column: readonly string[], status: TaskStatus, taskId: string, index: number): BoardMove {
  const others = column.filter((id) => id !== taskId);
  const at = Math.max(0, Math.min(index, others.length));
  return { status, afterId: others[at - 1] ?? null, beforeId: others[at] ?? null };
}

/**
 * The board as it will be after a move, for showing it at once (the server then says the last
 * word): the card takes its new status and a rank between its new neighbours.
 */
export function applyMove(tasks: readonly BoardTask[], taskId: string, move: BoardMove, today: string): BoardTask[] {
  const byId = new Map(tasks.map((task) => [task._id, task]));
  const task = byId.get(taskId);
  if (!task) return [...tasks];
  const after = move.afterId ? byId.get(move.afterId)?.boardRank ?? null : null;
  const before = move.beforeId ? byId.get(move.beforeId)?.boardRank ?? null : null;
  let boardRank = task.boardRank;
  try {
    if (after !== null || before !== null) boardRank = after !== null && before !== null && after >= before ? rankBetween(after, null) : rankBetween(after, before);
  } catch {
    // Ranks out of order on a stale board: keep the card's; the server decides.
  }
  const moved: BoardTask = { ...task, status: move.status, boardRank, isOverdue: isTaskOverdue({ dueDate: task.dueDate, status: move.status }, today) };
  const next = tasks.map((other) => (other._id === taskId ? moved : other));
  return next.sort((a, b) => (a.boardRank < b.boardRank ? -1 : a.boardRank > b.boardRank ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/** The statistics tiles counted from the cards (as the server counts them). */
export function statisticsOf(tasks: readonly BoardTask[]): TaskStatistics {
  const statistics: TaskStatistics = { total: tasks.length, todo: 0, inProgress: 0, inReview: 0, completed: 0, block: 0, cancelled: 0 };
  for (const task of tasks) statistics[taskStatisticsTile[task.status]] += 1;
  return statistics;
}
