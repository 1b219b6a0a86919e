import { localCalendarDate, type CalendarItem, type CalendarKind } from '@tasklane/contract';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { LiveRegion } from '@/components/ui/live-region';
import { PageHeader } from '@/components/ui/page-header';
import { describeError, errorMessage } from '@/lib/errors';
import { isApiError } from '@/lib/api-client';
import { useCreateShortcut } from '@/lib/keyboard/use-create-shortcut';
import { useCalendar } from '../api/get-calendar';
import { useMoveCalendarItem } from '../api/move-calendar-item';
import { CalendarGrid } from '../components/calendar-grid';
import { CalendarToolbar, type KindFilter } from '../components/calendar-toolbar';
import { DayPanel } from '../components/day-panel';
import { firstDayOfWeek, longDayLabel, stepAnchor, viewTitle, visibleDays, type CalendarView, type DayKey } from '../lib/calendar-dates';
import { itemsByDay } from '../lib/calendar-items';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export interface CalendarPageProps {
  /** The projects whose tasks the person may show instead of their own (their projects). */
  projects: ReadonlyArray<{ _id: string; name: string }> | undefined;
  /** Opens the Create Todo dialog with the day filled in. */
  onCreateTodo: (day: DayKey) => void;
  /** Opens the Create Task dialog, with the day filled in (and the project shown, if any). */
  onCreateTask: (day: DayKey, projectId: string | undefined) => void;
  /** The person's today (tests fix it); by default the browser's. */
  today?: DayKey;
  /** The person's locale (tests fix it); by default the browser's. It decides the week's first day. */
  locale?: string;
}

/**
 * /calendar (issue 19): the person's tasks (assigned to them, or a project's) and todos by due
 * date, a month or a week at a time. Where it is and what it shows live in the address
 * (`view`, `date`, `project`, `kind`), so a reload or a shared link opens the same view.
 */
export default function CalendarPage({ projects, onCreateTodo, onCreateTask, today = localCalendarDate(), locale = navigator.language }: CalendarPageProps) {
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const dateParam = params.get('date') ?? '';
  const anchor = DAY_PATTERN.test(dateParam) && !Number.isNaN(Date.parse(dateParam)) ? dateParam : today;
  const projectId = params.get('project') ?? '';
  const kindParam = params.get('kind');
  const kind: KindFilter = kindParam === 'task' || kindParam === 'todo' ? kindParam : 'all';

  const weekStartsOn = useMemo(() => firstDayOfWeek(locale), [locale]);
  const days = useMemo(() => visibleDays(view, anchor, weekStartsOn), [view, anchor, weekStartsOn]);
  const kinds: CalendarKind[] = kind === 'all' ? ['task', 'todo'] : [kind];
  const query = useCalendar({ from: days[0]!, to: days.at(-1)!, projectId: projectId || undefined, kinds, today });
  const move = useMoveCalendarItem();
  const items = useMemo(() => itemsByDay(query.data?.items ?? []), [query.data]);

  const [focused, setFocused] = useState<DayKey>(anchor);
  const [focusRequest, setFocusRequest] = useState<{ day: DayKey; count: number } | null>(null);
  const [openDay, setOpenDay] = useState<DayKey | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Focus stays on a day of the view: the one chosen, else today, else the anchor.
  const focusedDay = days.includes(focused) ? focused : days.includes(today) ? today : anchor;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const goTo = (day: DayKey) => {
    setFocused(day);
    update({ date: day === today ? null : day });
  };

  const focusDay = (day: DayKey) => {
    setFocused(day);
    setFocusRequest((request) => ({ day, count: (request?.count ?? 0) + 1 }));
    if (!days.includes(day)) update({ date: day });
  };

  const moveItem = (item: CalendarItem, day: DayKey) => {
    const where = longDayLabel(day, locale);
    move.mutate(
      { item, day },
      {
        onSuccess() {
          setAnnouncement(`Moved ${item.title} to ${where}.`);
          toast.success(`Moved "${item.title}" to ${where}`);
        },
        onError(error) {
          const isStale = isApiError(error) && error.status === 409;
          const message = isStale
            ? `${describeError(error, 'This item was changed by someone else.')} The calendar now shows the latest version.`
            : errorMessage(error, `Failed to move "${item.title}"`);
          setAnnouncement(message);
          toast.error(message);
        },
      },
    );
  };

  const createTodo = (day: DayKey) => {
    setOpenDay(null);
    onCreateTodo(day);
  };
  const createTask = (day: DayKey) => {
    setOpenDay(null);
    onCreateTask(day, projectId || undefined);
  };
  // `c` creates a todo due on the focused day, as it creates a todo on the dashboard.
  useCreateShortcut(() => onCreateTodo(focusedDay));

  const title = viewTitle(view, anchor, weekStartsOn, locale);
  return (
    <div>
      <PageHeader title="Calendar" subtitle="Your tasks and todos by due date. Drag an item to another day; open a day to add one." />
      <CalendarToolbar
        title={title}
        view={view}
        onViewChange={(next) => update({ view: next === 'month' ? null : next, date: focusedDay === today ? null : focusedDay })}
        onStep={(step) => goTo(stepAnchor(view, anchor, step))}
        onToday={() => goTo(today)}
        projects={projects}
        projectId={projectId}
        onProjectChange={(next) => update({ project: next })}
        kind={kind}
        onKindChange={(next) => update({ kind: next === 'all' ? null : next })}
      />
      {projectId && kind !== 'task' && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Todos belong to no project: a project&apos;s calendar shows its tasks.</p>
      )}
      {query.data?.truncated && (
        <p role="note" className="mb-3 text-sm text-amber-800 dark:text-amber-300">
          There is too much to show at once: only the first 500 tasks and 500 todos of this range are shown. Choose a project or a kind to see the rest.
        </p>
      )}
      {query.isError && !query.data ? (
        <ErrorState message={describeError(query.error, 'Failed to load the calendar')} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <CalendarGrid
          view={view}
          days={days}
          anchor={anchor}
          today={today}
          focusedDay={focusedDay}
          onFocusDay={focusDay}
          focusRequest={focusRequest}
          items={items}
          weekStartsOn={weekStartsOn}
          locale={locale}
          onOpenDay={setOpenDay}
          onMove={moveItem}
          isBusy={query.isPending || query.isPlaceholderData}
        />
      )}
      <DayPanel
        day={openDay}
        items={(openDay && items.get(openDay)) || []}
        locale={locale}
        onClose={() => setOpenDay(null)}
        onMove={moveItem}
        onCreateTodo={createTodo}
        onCreateTask={createTask}
      />
      <LiveRegion message={announcement} />
    </div>
  );
}
