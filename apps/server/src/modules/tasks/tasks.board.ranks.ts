import { BOARD_RANK_MAX_LENGTH, BoardRankError, isBoardRank, rankBetween, spreadRanks, type TaskStatus } from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import { lockColumnRanks, type ColumnRankRow, type MoveContextRow } from './tasks.board.repo.js';
import type { Renumbered } from './tasks.write.repo.js';

type Neighbours = { afterId: string | null; beforeId: string | null };

/**
 * How a move that needs its column renumbered takes the column's rows: 'nowait' gives up at
 * once when another move holds one of them (the move then runs again in 'wait'); 'wait' writes
 * the longer key instead when it is still valid (the next move renumbers), and waits for the
 * rows only when no valid key fits (keys an older version let grow past 256 characters).
 */
export type RenumberMode = 'nowait' | 'wait';

/**
 * The rank between the cards the task is dropped between. The neighbours' ranks are read now,
 * so a move made on a board a moment out of date still lands between them; when they are out of
 * order (someone reordered meanwhile), the card above decides. Undefined when a neighbour's key
 * is not a valid one (an older version let keys grow past 256 characters).
 */
function rankBetweenNeighbours(context: MoveContextRow): string | undefined {
  const { after, before } = context;
  try {
    if (after && before && after.rank < before.rank) return rankBetween(after.rank, before.rank);
    if (after) return rankBetween(after.rank, context.nextAfter);
    if (before) return rankBetween(context.previousBefore, before.rank);
    // No neighbour: an empty column, or no place asked for. The rank is kept.
    return context.boardRank;
  } catch (error) {
    if (error instanceof BoardRankError) return undefined;
    throw error;
  }
}

/** Board order: rank compared byte by byte (the column's COLLATE "C"; keys are ASCII), then id. */
const byRankThenId = (a: ColumnRankRow, b: ColumnRankRow) =>
  a.boardRank < b.boardRank ? -1 : a.boardRank > b.boardRank ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Where the moved card goes among the column's other cards: right under the card above it,
 * else right over the card below it, as their ranks now locked say; a neighbour in another
 * column places it by its rank, as a rank between the neighbours would.
 */
function placeOf(column: ColumnRankRow[], context: MoveContextRow, neighbours: Neighbours): number {
  const { after, before } = context;
  if (neighbours.afterId && after) {
    const index = column.findIndex((row) => row.id === neighbours.afterId);
    return index >= 0 ? index + 1 : column.filter((row) => row.boardRank <= after.rank).length;
  }
  if (neighbours.beforeId && before) {
    const index = column.findIndex((row) => row.id === neighbours.beforeId);
    return index >= 0 ? index : column.filter((row) => row.boardRank < before.rank).length;
  }
  return column.length;
}

/**
 * Renumbers the column the task is moved into: its cards (locked until the move commits) get
 * evenly spread short ranks in their order, with the moved card at its new place. Returns the
 * moved card's rank and the others' new ranks, which the move writes in its one statement.
 */
async function renumberColumn(tx: Db, context: MoveContextRow, status: TaskStatus, neighbours: Neighbours, mode: RenumberMode) {
  const locked = await lockColumnRanks(tx, context.featureId, status, context.id, { noWait: mode === 'nowait' });
  const column = locked.sort(byRankThenId);
  const place = placeOf(column, context, neighbours);
  const ranks = spreadRanks(column.length + 1);
  const others: Renumbered = column.map((row, index) => ({ id: row.id, rank: ranks[index < place ? index : index + 1]! }));
  return { boardRank: ranks[place]!, others: others.filter((row, index) => row.rank !== column[index]!.boardRank) };
}

/**
 * The moved card's new rank, and the other cards' when the move renumbers its column: it does
 * when the rank between the neighbours would be longer than BOARD_RANK_MAX_LENGTH (a gap split
 * some 150 times), so that keys stay short however cards are moved.
 */
export async function rankMove(
  tx: Db,
  context: MoveContextRow,
  status: TaskStatus,
  neighbours: Neighbours,
  mode: RenumberMode,
): Promise<{ boardRank: string; others: Renumbered }> {
  const rank = rankBetweenNeighbours(context);
  if (rank !== undefined && rank.length <= BOARD_RANK_MAX_LENGTH) return { boardRank: rank, others: [] };
  if (mode === 'wait' && rank !== undefined && isBoardRank(rank)) return { boardRank: rank, others: [] };
  return renumberColumn(tx, context, status, neighbours, mode);
}
