import { formatShortDate } from '@tasklane/contract';
import { AlertTriangle, CalendarDays } from 'lucide-react';
import { memo } from 'react';
import { PriorityBadge, TodoStatusBadge } from '@/components/domain/enum-badges';
import { Badge } from '@/components/ui/badge';
import { useUncoveredLabel } from '@/components/ui/covered-labels';
import { cn } from '@/lib/cn';
import { CategoryChip } from './category-chip';
import { TodayFocusStar } from './today-focus-star';
import { TodoRepeats } from './todo-repeats';
import { noCategoryColour, TodoItemActions, TodoToggle, useTodoItem, type TodoItemProps } from './todo-item';

/**
 * A todo on the dashboard: the category's colour bar, a checkbox that follows SPEC 4's toggle
 * rule, edit and delete, the overdue flag and the today's-focus star. In-progress and cancelled
 * todos have no checkbox transition (toggleTodoStatus), so their checkbox is disabled.
 * Memoized: showing more cards, or a change to one todo, leaves the other cards alone.
 */
export const TodoCard = memo(function TodoCard({ todo, today, onToggle, onEdit, onDelete }: TodoItemProps) {
  const { titleId, isCompleted, isChecked, toggle, isOverdue } = useTodoItem({ todo, today, onToggle });
  // The form's Tags field is the one thing called Tags while its dialog is open.
  const tagsLabel = useUncoveredLabel('Tags');
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col overflow-hidden rounded-xl border border-slate-200 p-4 pl-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800',
        isCompleted ? 'bg-slate-50 dark:bg-slate-900/60' : 'bg-white dark:bg-slate-900',
      )}
    >
      <span
        aria-hidden="true"
        data-testid="category-bar"
        className="absolute inset-y-0 left-0 w-1.5"
        style={{ backgroundColor: todo.category?.color ?? noCategoryColour }}
      />
      <div className="flex items-start gap-3">
        <TodoToggle todo={todo} isChecked={isChecked} onChange={toggle} className="mt-0.5" boxClassName="size-5" />
        <div className="flex min-w-0 flex-1 items-start gap-1.5">
          <h2
            id={titleId}
            className={cn(
              'min-w-0 break-words font-semibold leading-6 text-slate-900 dark:text-white',
              isCompleted && 'text-slate-500 line-through dark:text-slate-400',
            )}
          >
            {todo.title}
          </h2>
          {todo.isToday && (
            <TodayFocusStar className="mt-1" />
          )}
        </div>
        <TodoItemActions todo={todo} onEdit={onEdit} onDelete={onDelete} className="-mr-2 -mt-1" />
      </div>
      {todo.description && (
        <p
          className={cn(
            'mt-1 line-clamp-3 whitespace-pre-line break-words pl-8 text-sm text-slate-600 dark:text-slate-400',
            isCompleted && 'text-slate-500 line-through',
          )}
        >
          {todo.description}
        </p>
      )}
      <TodoRepeats todo={todo} className="mt-1 pl-8" />

      {/* A completed todo is dimmed by colour (grey, struck through), not by opacity, so its text keeps a readable contrast. */}
      <div className={cn('mt-3 flex flex-wrap items-center gap-1.5', isCompleted && 'grayscale')}>
        <TodoStatusBadge status={todo.status} />
        <PriorityBadge priority={todo.priority} />
        {isOverdue && (
          <Badge tone="red">
            <AlertTriangle aria-hidden="true" className="size-3" />
            Overdue
          </Badge>
        )}
      </div>

      {todo.tags.length > 0 && (
        <ul aria-label={tagsLabel} className={cn('mt-3 flex flex-wrap gap-1', isCompleted && 'grayscale')}>
          {todo.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              #{tag}
            </li>
          ))}
        </ul>
      )}

      {/* Footers line up across a row of cards of different heights. */}
      <div aria-hidden="true" className="min-h-4 flex-1" />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        <CategoryChip category={todo.category} />
        <span className={cn('inline-flex items-center gap-1', isOverdue && 'font-medium text-red-600 dark:text-red-400')}>
          <CalendarDays aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Due</span>
          {formatShortDate(todo.dueDate, 'No due date')}
        </span>
      </div>
    </article>
  );
});
