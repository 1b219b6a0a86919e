import type { BoardColumn, BoardTask, TaskStatus } from '@tasklane/contract';

/** A card of a board answer with its column's status. */
export type BoardCard = BoardTask & { status: TaskStatus };

/** Every card of a board answer, column by column, each with its column's status. */
export function cardsOf(body: { data: { columns: BoardColumn[] } }): BoardCard[] {
  return body.data.columns.flatMap((column) => column.tasks.map((task) => ({ ...task, status: column.status })));
}
