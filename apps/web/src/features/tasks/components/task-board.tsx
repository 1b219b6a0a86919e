import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { BoardColumn as BoardColumnData, TaskStatus } from '@tasklane/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { formatEnum } from '@/lib/format';
import { cardsOf, groupByStatus, moveAt, type BoardCard, type BoardColumns, type BoardMove } from '../lib/board';
import { BoardCardView } from './board-card';
import type { BoardInlineEditing } from './board-card';
import { BoardColumn } from './board-column';

export interface TaskBoardProps {
  projectId: string;
  featureId: string;
  /** The board's columns as the server gave them: loaded cards in board order, counts, cursors. */
  columns: readonly BoardColumnData[];
  /** The columns to show, in order. */
  statuses: readonly TaskStatus[];
  /** MEMBER and above: cards have handles and can be moved. */
  canMove: boolean;
  onMove: (task: BoardCard, move: BoardMove) => void;
  /** The next cards of a column (its end reached, or 'Load more'). */
  onLoadMore: (status: TaskStatus) => void;
  /** The columns whose next cards are loading. */
  loadingStatuses?: ReadonlySet<TaskStatus>;
  /** Issue 18: the cards' priority and assignee, changed in place (with `canMove`). */
  inline?: BoardInlineEditing;
  /** What goes under a column's cards (its "+ Add task"). */
  columnFooter?: (status: TaskStatus) => ReactNode;
}

const statusOfDropId = (id: UniqueIdentifier) => (String(id).startsWith('column:') ? (String(id).slice(7) as TaskStatus) : undefined);

/**
 * Under the pointer: the card rather than the column around it (the column when over its empty
 * part). The keyboard (no pointer): the nearest corners, where the keys moved the card to.
 */
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length === 0) return closestCorners(args);
  return [hits.find((hit) => !statusOfDropId(hit.id)) ?? hits[0]!];
};

const screenReaderInstructions = {
  draggable:
    'To move a task, focus its handle and press Space or Enter. Use the arrow keys to move it up or down and to other columns, then press Space or Enter to drop it, or Escape to cancel.',
};

/**
 * The feature's board: one column per status, each card draggable to another column (its status
 * changes) or to another place in its column (the order is kept). Mouse, touch (press and hold)
 * and keyboard, with spoken announcements. While a card is dragged the columns are a draft here;
 * the drop becomes one move, shown at once by the caller.
 */
export function TaskBoard({ projectId, featureId, columns: loaded, statuses, canMove, onMove, onLoadMore, loadingStatuses, inline, columnFooter }: TaskBoardProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const tasks = useMemo(() => cardsOf(loaded), [loaded]);
  const tasksById = useMemo(() => new Map(tasks.map((task) => [task._id, task])), [tasks]);
  const columnData = useMemo(() => new Map(loaded.map((column) => [column.status, column])), [loaded]);
  const grouped = useMemo(() => groupByStatus(tasks), [tasks]);
  const [draft, setDraft] = useState<BoardColumns | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const columns = draft ?? grouped;

  const columnOf = (id: UniqueIdentifier, board: BoardColumns = columns): TaskStatus | undefined =>
    statusOfDropId(id) ?? statuses.find((status) => board[status].includes(String(id)));
  const titleOf = (id: UniqueIdentifier) => tasksById.get(String(id))?.title ?? 'The task';
  /** Where the card is, or would land over `target` (a card it takes the place of, or a column's end). */
  const placeOf = (id: UniqueIdentifier, target: UniqueIdentifier = id) => {
    const status = columnOf(target);
    if (!status) return 'no column';
    const column = columns[status];
    const isIn = column.includes(String(id));
    const index = statusOfDropId(target) ? (isIn ? column.indexOf(String(id)) : column.length) : column.indexOf(String(target));
    return `${formatEnum(status)}, position ${index + 1} of ${column.length + (isIn ? 0 : 1)}`;
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, in ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${placeOf(active.id, over.id)}.` : `${titleOf(active.id)} is no longer over a column.`),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} was dropped in ${placeOf(active.id, over.id)}.` : `${titleOf(active.id)} was put back.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const handleDragStart = ({ active }: DragStartEvent) => {
    setActiveId(String(active.id));
    setDraft(groupByStatus(tasks));
  };

  // Across columns the card joins the other column in the draft, so it opens a gap there.
  const handleDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || !draft) return;
    const from = columnOf(active.id, draft);
    const to = columnOf(over.id, draft);
    if (!from || !to || from === to) return;
    const target = draft[to];
    const overIndex = statusOfDropId(over.id) ? target.length : target.indexOf(String(over.id));
    setDraft({
      ...draft,
      [from]: draft[from].filter((id) => id !== active.id),
      [to]: [...target.slice(0, Math.max(0, overIndex)), String(active.id), ...target.slice(Math.max(0, overIndex))],
    });
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const board = draft;
    setDraft(null);
    setActiveId(null);
    const task = tasksById.get(String(active.id));
    if (!over || !board || !task) return;
    const status = columnOf(active.id, board);
    if (!status) return;
    let column = board[status];
    const from = column.indexOf(task._id);
    const to = statusOfDropId(over.id) ? from : column.indexOf(String(over.id));
    if (to !== -1 && to !== from) column = arrayMove(column, from, to);
    const move = moveAt(column, status, task._id, column.indexOf(task._id));
    const before = moveAt(grouped[task.status], task.status, task._id, grouped[task.status].indexOf(task._id));
    if (move.status === before.status && move.afterId === before.afterId && move.beforeId === before.beforeId) return;
    onMove(task, move);
  };

  // 'Move to…': the top of the other column, as the board shows it now.
  const moveTo = (task: BoardCard, status: TaskStatus) => onMove(task, moveAt(grouped[status], status, task._id, 0));

  const active = activeId ? tasksById.get(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setDraft(null);
        setActiveId(null);
      }}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <div
        role="region"
        aria-label="Task board"
        className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 sm:mx-0 sm:scroll-px-0 sm:px-0"
        data-testid="task-board"
      >
        {statuses.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            ids={columns[status]}
            tasksById={tasksById}
            total={(columnData.get(status)?.total ?? 0) + columns[status].length - grouped[status].length}
            hasMore={Boolean(columnData.get(status)?.nextCursor)}
            isLoadingMore={loadingStatuses?.has(status) ?? false}
            onLoadMore={onLoadMore}
            projectId={projectId}
            featureId={featureId}
            canMove={canMove}
            statuses={statuses}
            onMoveTo={moveTo}
            inline={inline}
            footer={columnFooter?.(status)}
          />
        ))}
      </div>
      <DragOverlay>
        {active && <BoardCardView task={active} href={paths.task.href(projectId, featureId, active._id)} isOverlay />}
      </DragOverlay>
    </DndContext>
  );
}

