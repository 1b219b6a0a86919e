import {
  isTaskOverdue,
  rankBetween,
  statisticsOfCounts,
  statusesForFilter,
  taskStatuses,
  type BoardColumn,
  type BoardResponse,
  type BoardTask,
  type TaskStatistics,
  type TaskStatus,
  type TaskStatusFilter,
} from '@tasklane/contract';

export type BoardColumns = Record<TaskStatus, string[]>;

/** A card with its column's status (the server sends the status once per column). */
export type BoardCard = BoardTask & { status: TaskStatus };

/** Where a card goes: its column, and the cards above (afterId) and below (beforeId) it there. */
export type BoardMove = { status: TaskStatus; afterId: string | null; beforeId: string | null };

/** The board's columns, one per status, in the order the statuses are listed. */
export const boardStatuses = taskStatuses;

/** Every loaded card of the columns, each with its column's status, column by column in board order. */
export function cardsOf(columns: readonly BoardColumn[]): BoardCard[] {
  return columns.flatMap((column) => column.tasks.map((task) => ({ ...task, status: column.status })));
}

/** Card ids per column, in board order (the server's order: rank, then id). */
export function groupByStatus(tasks: readonly BoardCard[]): BoardColumns {
  const columns = Object.fromEntries(boardStatuses.map((status) => [status, [] as string[]])) as BoardColumns;
  for (const task of tasks) columns[task.status].push(task._id);
  return columns;
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

/** Board order: rank compared byte by byte, then id. */
const byRankThenId = (a: BoardTask, b: BoardTask) =>
  a.boardRank < b.boardRank ? -1 : a.boardRank > b.boardRank ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/**
 * The board as it will be after a move, for showing it at once (the server then says the last
 * word): the card leaves its column (one fewer there) and joins the other (one more) with a rank
 * between its new neighbours, which are loaded cards (a drop lands between cards on screen). A
 * board that does not hold the card (another search) is left as it is.
 */
export function applyMove(columns: readonly BoardColumn[], taskId: string, move: BoardMove, today: string): BoardColumn[] {
  const from = columns.find((column) => column.tasks.some((task) => task._id === taskId));
  const task = from?.tasks.find((candidate) => candidate._id === taskId);
  if (!from || !task) return [...columns];
  const rankOf = (id: string | null) => (id ? (columns.flatMap((column) => column.tasks).find((other) => other._id === id)?.boardRank ?? null) : null);
  const after = rankOf(move.afterId);
  const before = rankOf(move.beforeId);
  let boardRank = task.boardRank;
  try {
    if (after !== null || before !== null) boardRank = after !== null && before !== null && after >= before ? rankBetween(after, null) : rankBetween(after, before);
  } catch {
    // Ranks out of order on a stale board: keep the card's; the server decides.
  }
  const moved: BoardTask = { ...task, boardRank, isOverdue: isTaskOverdue({ dueDate: task.dueDate, status: move.status }, today) };
  return columns.map((column) => {
    const isFrom = column.status === from.status;
    const isTo = column.status === move.status;
    if (!isFrom && !isTo) return column;
    const others = column.tasks.filter((other) => other._id !== taskId);
    const tasks = isTo ? [...others, moved].sort(byRankThenId) : others;
    return { ...column, tasks, total: column.total + (isTo ? 1 : 0) - (isFrom ? 1 : 0) };
  });
}

/**
 * A column's next page joined to the board: its cards follow the loaded ones; a card the board
 * already shows (moved since it was loaded, in this column or another) is kept only as the page
 * has it. The page's counts are the newer ones.
 */
export function mergeColumnPage(board: BoardResponse, page: BoardResponse): BoardResponse {
  const incoming = page.data.columns[0];
  if (!incoming) return board;
  const ids = new Set(incoming.tasks.map((task) => task._id));
  const columns = board.data.columns.map((column) => {
    const kept = column.tasks.filter((task) => !ids.has(task._id));
    if (column.status !== incoming.status) return kept.length === column.tasks.length ? column : { ...column, tasks: kept };
    return { ...column, tasks: [...kept, ...incoming.tasks], total: incoming.total, nextCursor: incoming.nextCursor };
  });
  return { ...board, total: page.total, data: { columns, statistics: page.data.statistics } };
}

/** The statistics tiles from the columns' counts (right when no search or priority narrows them). */
export function statisticsOf(columns: readonly BoardColumn[]): TaskStatistics {
  return statisticsOfCounts(columns);
}
