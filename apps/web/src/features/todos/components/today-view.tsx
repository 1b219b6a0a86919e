import { formatShortDate, type Task, type Todo, type TodayItem, type TodayReason } from '@tasklane/contract';
import { AlertTriangle, CalendarCheck, CalendarClock, ClipboardList, Star, Sun } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PriorityBadge, TaskStatusBadge } from '@/components/domain/enum-badges';
import { QueryFallback } from '@/components/domain/query-state';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/errors';
import { formatCount, pluralize } from '@/lib/format';
import { useToday } from '../api/get-today';
import { CategoryChip } from './category-chip';
import { noCategoryColour, TodoToggle } from './todo-item';
import { useInstantToggle } from './use-instant-toggle';

/** Why an item is on the view, as its badge says it ("Today's focus" is SPEC 2's name for the star). */
function ReasonBadge({ reason, dueDate }: { reason: TodayReason; dueDate: string | null }) {
  if (reason === 'OVERDUE') {
    return (
      <Badge tone="red">
        <AlertTriangle aria-hidden="true" className="size-3" />
        Overdue{dueDate ? ` since ${formatShortDate(dueDate)}` : ''}
      </Badge>
    );
  }
  if (reason === 'DUE_TODAY') {
    return (
      <Badge tone="orange">
        <CalendarClock aria-hidden="true" className="size-3" />
        Due today
      </Badge>
    );
  }
  return (
    <Badge tone="amber">
      <Star aria-hidden="true" className="size-3 fill-amber-400 text-amber-500" />
      Today&apos;s focus
    </Badge>
  );
}

function TodayTodoRow({ todo, reason, onToggle, onEdit }: { todo: Todo; reason: TodayReason; onToggle: (todo: Todo) => Promise<unknown>; onEdit: (todo: Todo) => void }) {
  const [isChecked, toggle] = useInstantToggle(todo.status === 'COMPLETED', () => onToggle(todo));
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-l-4 px-3 py-2 sm:flex-nowrap" style={{ borderLeftColor: todo.category?.color ?? noCategoryColour }}>
      <TodoToggle todo={todo} isChecked={isChecked} onChange={toggle} boxClassName="size-4.5" />
      <button
        type="button"
        onClick={() => onEdit(todo)}
        className="min-w-0 flex-1 truncate rounded text-left text-sm font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white"
        aria-label={`Edit todo: ${todo.title}`}
      >
        {todo.title}
      </button>
      <span className="flex shrink-0 items-center gap-1.5">
        <ReasonBadge reason={reason} dueDate={todo.dueDate} />
        <PriorityBadge priority={todo.priority} />
      </span>
      <span className="hidden w-32 shrink-0 text-xs text-slate-500 md:flex dark:text-slate-400">
        <CategoryChip category={todo.category} />
      </span>
    </div>
  );
}

function TodayTaskRow({ task, reason }: { task: Task; reason: TodayReason }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-l-4 border-l-indigo-400 px-3 py-2 sm:flex-nowrap dark:border-l-indigo-500">
      <ClipboardList aria-label="Task" role="img" className="size-4.5 shrink-0 text-indigo-500 dark:text-indigo-400" />
      <Link
        to={paths.task.href(task.projectId._id, task.featureId._id, task._id)}
        className="min-w-0 flex-1 truncate rounded text-sm font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white"
      >
        <span className="mr-1.5 font-mono text-xs text-slate-500 dark:text-slate-400">{task.key}</span>
        {task.title}
      </Link>
      <span className="flex shrink-0 items-center gap-1.5">
        <ReasonBadge reason={reason} dueDate={task.dueDate} />
        <PriorityBadge priority={task.priority} />
        <TaskStatusBadge status={task.status} />
      </span>
      <span className="hidden w-32 shrink-0 truncate text-xs text-slate-500 md:block dark:text-slate-400" title={task.projectId.name}>
        {task.projectId.name}
      </span>
    </div>
  );
}

/**
 * The view lists the first eight items, the most urgent; "Show N more" unfolds the rest (up to the
 * 100 the server sends), so a long overdue backlog does not push the todos out of sight.
 */
const TODAY_FOLDED_ITEMS = 8;

const itemKey = (item: TodayItem) => (item.kind === 'todo' ? `todo-${item.todo._id}` : `task-${item.task._id}`);

/**
 * My day (issue 19, decision 037), at the top of the todos dashboard: the open todos marked as
 * today's focus, and the open todos and assigned tasks due today or overdue, in one list by
 * priority, as GET /users/me/today answers it ("today" in the person's time zone). A todo is
 * ticked here as on its card, and its title opens it for editing; a task links to its page.
 */
export function TodayView({ onToggle, onEdit }: { onToggle: (todo: Todo) => Promise<unknown>; onEdit: (todo: Todo) => void }) {
  const today = useToday();
  const headingId = useId();
  const listId = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  const data = today.data;
  const shown = data ? (isExpanded ? data.items : data.items.slice(0, TODAY_FOLDED_ITEMS)) : [];
  const folded = data ? data.items.length - shown.length : 0;
  return (
    <Card className="mb-6 overflow-hidden">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3 dark:border-slate-800">
          <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
            <Sun aria-hidden="true" className="size-4.5 text-amber-500" />
            Today
          </h2>
          {data && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {formatShortDate(data.date)} · {data.total === 0 ? 'nothing to do' : pluralize(data.total, 'item')}
            </p>
          )}
        </div>
        {!data ? (
          <div className="px-4 py-3">
            <QueryFallback query={today} loading={<p className="text-sm text-slate-500 dark:text-slate-400">Loading today...</p>} errorMessage={describeError(today.error, "Failed to fetch today's items")} />
          </div>
        ) : data.items.length === 0 ? (
          <p className="flex items-center gap-2 px-4 py-4 text-sm text-slate-600 dark:text-slate-400">
            <CalendarCheck aria-hidden="true" className="size-4 text-emerald-500" />
            Nothing due today. Star a todo as today&apos;s focus, or give it today&apos;s date, to plan your day here.
          </p>
        ) : (
          <>
            <ul id={listId} aria-label="Today" className="divide-y divide-slate-100 dark:divide-slate-800">
              {shown.map((item) => (
                <li key={itemKey(item)}>
                  {item.kind === 'todo' ? (
                    <TodayTodoRow todo={item.todo} reason={item.reason} onToggle={onToggle} onEdit={onEdit} />
                  ) : (
                    <TodayTaskRow task={item.task} reason={item.reason} />
                  )}
                </li>
              ))}
            </ul>
            {(folded > 0 || isExpanded) && (
              <div className="border-t border-slate-100 px-4 py-2 dark:border-slate-800">
                <button
                  type="button"
                  aria-expanded={isExpanded}
                  aria-controls={listId}
                  onClick={() => setIsExpanded((expanded) => !expanded)}
                  className="rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
                >
                  {isExpanded ? 'Show fewer' : `Show ${formatCount(folded)} more`}
                </button>
              </div>
            )}
            {folded === 0 && data.total > data.items.length && (
              <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
                Showing the first {formatCount(data.items.length)} of {formatCount(data.total)}, by priority.
              </p>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
