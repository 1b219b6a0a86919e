import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TaskStatus } from '@tasklane/contract';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatCount, formatEnum } from '@/lib/format';
import type { BoardCard } from '../lib/board';
import { BoardCardItem, type BoardInlineEditing } from './board-card';
import { LoadMoreCards } from './load-more-cards';

/** A card's height before it is measured (title on one line, one row of badges). */
const ESTIMATED_CARD_PX = 118;
const CARD_GAP_PX = 8;

export const columnDropId = (status: TaskStatus) => `column:${status}`;

export interface BoardColumnProps {
  status: TaskStatus;
  ids: readonly string[];
  tasksById: ReadonlyMap<string, BoardCard>;
  /** How many cards the column has on the server (its ids are the loaded ones). */
  total: number;
  /** More cards follow the loaded ones. */
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: (status: TaskStatus) => void;
  projectId: string;
  featureId: string;
  canMove: boolean;
  /** The columns shown (for each card's 'Move to…'). */
  statuses: readonly TaskStatus[];
  onMoveTo: (task: BoardCard, status: TaskStatus) => void;
  /** Issue 18: the cards' priority and assignee pickers. */
  inline?: BoardInlineEditing;
  /** Under the cards: the column's "+ Add task", for those who may create tasks. */
  footer?: ReactNode;
}

/**
 * One status's column. Its cards are virtualized: only those in view (and a few around them)
 * are in the page, so a column of a thousand cards scrolls as lightly as one of ten. The server
 * sends them a page at a time: at the end of the loaded ones, the next page loads.
 */
export function BoardColumn(props: BoardColumnProps) {
  const { status, ids, tasksById, total, hasMore, isLoadingMore, onLoadMore, projectId, featureId, canMove, statuses, onMoveTo, inline, footer } = props;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(status), disabled: !canMove });
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    gap: CARD_GAP_PX,
    overscan: 6,
    getItemKey: (index) => ids[index]!,
  });
  const label = formatEnum(status);
  const headingId = `board-column-${status}`;

  return (
    <section
      aria-labelledby={headingId}
      data-status={status}
      className="flex w-[82vw] max-w-72 shrink-0 snap-start flex-col rounded-xl border border-slate-200 bg-slate-50 sm:w-72 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2.5 dark:border-slate-800">
        <h2 id={headingId} className="truncate text-sm font-semibold text-slate-800 dark:text-slate-100">
          {label}
        </h2>
        <span
          className="rounded-full bg-white px-2 py-0.5 text-xs font-medium tabular-nums text-slate-600 ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700"
          aria-label={`${total} ${total === 1 ? 'task' : 'tasks'}`}
        >
          {formatCount(total)}
        </span>
      </header>
      <div
        ref={(node) => {
          scrollRef.current = node;
          setNodeRef(node);
        }}
        data-testid={`board-column-${status}`}
        className={cn(
          'h-[min(68vh,42rem)] overflow-y-auto overscroll-contain p-2 transition-colors',
          isOver && 'bg-indigo-50/70 dark:bg-indigo-950/40',
        )}
      >
        <SortableContext id={status} items={ids as string[]} strategy={verticalListSortingStrategy}>
          {ids.length === 0 ? (
            <p className="flex h-24 items-center justify-center rounded-lg border border-dashed border-slate-300 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
              No tasks
            </p>
          ) : (
            <ol aria-label={`${label} tasks`} className="relative" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => {
                const task = tasksById.get(ids[item.index]!);
                if (!task) return null;
                return (
                  <li
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    className="absolute inset-x-0 top-0"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <BoardCardItem
                      task={task}
                      projectId={projectId}
                      featureId={featureId}
                      canMove={canMove}
                      statuses={statuses}
                      onMoveTo={onMoveTo}
                      inline={inline}
                    />
                  </li>
                );
              })}
            </ol>
          )}
        </SortableContext>
        {hasMore && (
          <LoadMoreCards
            label={label}
            remaining={Math.max(0, total - ids.length)}
            isLoading={isLoadingMore}
            onLoadMore={() => onLoadMore(status)}
            scrollRoot={scrollRef}
          />
        )}
      </div>
      {footer && <div className="border-t border-slate-200 p-2 dark:border-slate-800">{footer}</div>}
    </section>
  );
}
