import { DndContext, DragOverlay, MouseSensor, TouchSensor, useDraggable, useDroppable, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import type { CalendarItem } from '@tasklane/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { pluralize } from '@/lib/format';
import { dayAfterKey, isSameMonth, longDayLabel, weekdayNames, weeksOf, type CalendarView, type DayKey, type WeekStart } from '../lib/calendar-dates';
import { canMove, describeItem, itemKey, taskHref } from '../lib/calendar-items';
import { CalendarChip } from './calendar-chip';

/** How many items a day of the month view shows before '+N more'. */
export const MONTH_DAY_ITEMS = 3;

export interface CalendarGridProps {
  view: CalendarView;
  /** The days on screen, whole weeks, from the week's first day. */
  days: readonly DayKey[];
  /** The day the view is about: its month is the month view's (the days around it are dimmed). */
  anchor: DayKey;
  today: DayKey;
  /** The day keyboard focus is on (the grid's one tab stop). */
  focusedDay: DayKey;
  /** Focus moved to `day` by the keyboard: the page scrolls the view there when it is off screen. */
  onFocusDay: (day: DayKey) => void;
  /** A key press chose a day: the grid moves the browser's focus to it once its cell is rendered (each request once). */
  focusRequest: { day: DayKey; count: number } | null;
  items: ReadonlyMap<DayKey, CalendarItem[]>;
  weekStartsOn: WeekStart;
  locale?: string;
  /** Enter on a day, a click on it, or on '+N more': the day's panel. */
  onOpenDay: (day: DayKey) => void;
  /** An item dropped on another day. */
  onMove: (item: CalendarItem, day: DayKey) => void;
  /** The range is being read again (another month): shown dimmed. */
  isBusy?: boolean;
}

/**
 * The month or week grid (issue 19): one cell a day, the week's first day from the person's
 * locale, today highlighted, each item in its category's colour, draggable to another day.
 * The keyboard moves between days with the arrows (Home and End: the week's ends; Page Up and
 * Page Down: a month), and Enter opens the focused day; one cell at a time is in the tab order.
 */
export function CalendarGrid({ view, days, anchor, today, focusedDay, onFocusDay, focusRequest, items, weekStartsOn, locale, onOpenDay, onMove, isBusy = false }: CalendarGridProps) {
  const sensors = useSensors(useSensor(MouseSensor, { activationConstraint: { distance: 6 } }), useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }));
  const [dragged, setDragged] = useState<CalendarItem | null>(null);
  const cells = useRef(new Map<DayKey, HTMLDivElement>());
  const names = weekdayNames(weekStartsOn, locale);
  const byKey = new Map([...items.values()].flat().map((item) => [itemKey(item), item]));

  // Only a new request moves the focus (a re-render for new data never takes it from elsewhere);
  // it waits for its day's cell, which a move into the next month renders a little later.
  const answeredRequest = useRef(0);
  useEffect(() => {
    if (!focusRequest || focusRequest.count === answeredRequest.current) return;
    const target = cells.current.get(focusRequest.day);
    if (!target) return;
    answeredRequest.current = focusRequest.count;
    target.focus();
  });

  const dayName = (day: DayKey) => longDayLabel(day, locale);
  const titleOf = (id: string | number) => byKey.get(String(id))?.title ?? 'The item';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${dayName(String(over.id))}.` : `${titleOf(active.id)} is not over a day.`),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} was dropped on ${dayName(String(over.id))}.` : `${titleOf(active.id)} was put back.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const item = byKey.get(String(active.id));
    if (!item || !over) return;
    const day = String(over.id);
    if (day !== item.dueDate.slice(0, 10)) onMove(item, day);
  };

  const handleKeyDown = (day: DayKey) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpenDay(day);
      return;
    }
    const next = dayAfterKey(day, event.key, weekStartsOn);
    if (!next) return;
    event.preventDefault();
    onFocusDay(next);
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={({ active }) => setDragged(byKey.get(String(active.id)) ?? null)}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{ announcements }}
      // The page scrolls only with the pointer at its very edge: the last week's days sit low on
      // the screen and must stay drop targets without the page running away under the pointer.
      autoScroll={{ threshold: { x: 0.04, y: 0.06 } }}
    >
      <div
        role="grid"
        aria-label={view === 'month' ? 'Month' : 'Week'}
        aria-readonly="true"
        aria-busy={isBusy || undefined}
        className={cn('overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900', isBusy && 'opacity-60')}
        data-testid="calendar-grid"
      >
        <div role="row" className="grid grid-cols-7 border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60">
          {names.map((name) => (
            <div key={name.long} role="columnheader" aria-label={name.long} className="px-2 py-2 text-center text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
              {name.short}
            </div>
          ))}
        </div>
        {weeksOf(days).map((week) => (
          <div key={week[0]} role="row" className="grid grid-cols-7 border-b border-slate-200 last:border-b-0 dark:border-slate-700">
            {week.map((day) => (
              <DayCell
                key={day}
                day={day}
                view={view}
                label={dayName(day)}
                items={items.get(day) ?? []}
                isToday={day === today}
                isOutside={view === 'month' && !isSameMonth(day, anchor)}
                isFocusable={day === focusedDay}
                cellRef={(element) => {
                  if (element) cells.current.set(day, element);
                  else cells.current.delete(day);
                }}
                onKeyDown={handleKeyDown(day)}
                onFocus={() => day !== focusedDay && onFocusDay(day)}
                onOpen={() => onOpenDay(day)}
              />
            ))}
          </div>
        ))}
      </div>
      <DragOverlay>{dragged && <CalendarChip item={dragged} isOverlay />}</DragOverlay>
    </DndContext>
  );
}

function DayCell({
  day,
  view,
  label,
  items,
  isToday,
  isOutside,
  isFocusable,
  cellRef,
  onKeyDown,
  onFocus,
  onOpen,
}: {
  day: DayKey;
  view: CalendarView;
  label: string;
  items: CalendarItem[];
  isToday: boolean;
  isOutside: boolean;
  isFocusable: boolean;
  cellRef: (element: HTMLDivElement | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocus: () => void;
  onOpen: () => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: day });
  const shown = view === 'month' ? items.slice(0, MONTH_DAY_ITEMS) : items;
  const hidden = items.length - shown.length;
  const overdue = items.filter((item) => item.isOverdue).length;
  const spoken = [label, isToday ? 'today' : null, items.length === 0 ? 'nothing due' : pluralize(items.length, 'item'), overdue > 0 ? `${overdue} overdue` : null]
    .filter(Boolean)
    .join(', ');
  return (
    <div
      ref={(element) => {
        setNodeRef(element);
        cellRef(element);
      }}
      role="gridcell"
      tabIndex={isFocusable ? 0 : -1}
      aria-label={spoken}
      aria-current={isToday ? 'date' : undefined}
      data-day={day}
      onKeyDown={onKeyDown}
      // The cell itself, not a chip inside it that a click focused (the chip's click goes on).
      onFocus={(event) => event.target === event.currentTarget && onFocus()}
      onClick={onOpen}
      className={cn(
        'group relative flex min-w-0 cursor-pointer flex-col gap-1 border-r border-slate-200 p-1.5 text-left last:border-r-0 focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700',
        view === 'month' ? 'min-h-24 sm:min-h-28' : 'min-h-48 sm:min-h-72',
        isOutside && 'bg-slate-50/70 dark:bg-slate-950/40',
        isToday && 'bg-indigo-50/70 dark:bg-indigo-500/10',
        isOver && 'bg-indigo-100 dark:bg-indigo-500/25',
        'hover:bg-slate-50 dark:hover:bg-slate-800/50',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex size-6 items-center justify-center self-start rounded-full text-xs font-semibold',
          isToday ? 'bg-indigo-600 text-white dark:bg-indigo-500' : isOutside ? 'text-slate-500 dark:text-slate-400' : 'text-slate-700 dark:text-slate-200',
        )}
      >
        {Number(day.slice(8, 10))}
      </span>
      <ul className="flex min-w-0 flex-col gap-1" aria-label={`Due ${label}`}>
        {shown.map((item) => (
          <li key={itemKey(item)} className="min-w-0">
            <DraggableItem item={item} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          tabIndex={-1}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
          className="self-start rounded px-1 text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          +{hidden} more
        </button>
      )}
    </div>
  );
}

/**
 * An item the mouse or a finger can drag (a task only when the person may edit it). Out of the
 * tab order: the keyboard reaches items through the day's panel (Enter), which also moves them.
 */
function DraggableItem({ item, onOpen }: { item: CalendarItem; onOpen: () => void }) {
  // dnd-kit's attributes (a button role, a tab stop, keyboard instructions) are for its keyboard
  // sensor, which the calendar does not use: the arrows move between days.
  const { listeners, setNodeRef, isDragging } = useDraggable({ id: itemKey(item), disabled: !canMove(item) });
  const href = taskHref(item);
  const common = {
    ref: setNodeRef,
    ...listeners,
    tabIndex: -1,
    'aria-label': describeItem(item),
    'data-testid': 'calendar-item',
    className: cn('block min-w-0 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600', canMove(item) && 'cursor-grab', isDragging && 'opacity-40'),
  };
  if (href) {
    return (
      <Link to={href} {...common} onClick={(event) => event.stopPropagation()}>
        <CalendarChip item={item} />
      </Link>
    );
  }
  return (
    <button
      type="button"
      {...common}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
    >
      <CalendarChip item={item} />
    </button>
  );
}
