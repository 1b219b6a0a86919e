import { formatShortDate } from '@tasklane/contract';
import { AlertTriangle, CalendarDays } from 'lucide-react';
import { memo } from 'react';
import { PriorityBadge, TodoStatusBadge } from '@/components/domain/enum-badges';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { CategoryChip } from './category-chip';
import { noCategoryColour, TodoItemActions, TodoToggle, useTodoItem, type TodoItemProps } from './todo-item';
import { TodayFocusStar } from './today-focus-star';
import { TodoRepeatsIcon } from './todo-repeats';

/**
 * A todo in the dashboard's compact list (issue 18): one line with what a card shows but the
 * description and tags (the checkbox, title, status when not pending, priority, overdue,
 * category, due date, edit and delete), the same toggle rule and the same names for each control.
 */
export const TodoRow = memo(function TodoRow({ todo, today, onToggle, onEdit, onDelete }: TodoItemProps) {
  const { titleId, isCompleted, isChecked, toggle, isOverdue } = useTodoItem({ todo, today, onToggle });
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-l-4 px-3 py-2 sm:flex-nowrap"
      style={{ borderLeftColor: todo.category?.color ?? noCategoryColour }}
    >
      <TodoToggle todo={todo} isChecked={isChecked} onChange={toggle} boxClassName="size-4.5" />
      <h2
        id={titleId}
        className={cn(
          'min-w-0 flex-1 truncate text-sm font-medium text-slate-900 dark:text-white',
          isCompleted && 'text-slate-500 line-through dark:text-slate-400',
        )}
      >
        {todo.title}
      </h2>
      {todo.isToday && (
        <TodayFocusStar />
      )}
      <TodoRepeatsIcon todo={todo} />
      <span className={cn('flex shrink-0 items-center gap-1.5', isCompleted && 'grayscale')}>
        {todo.status !== 'PENDING' && <TodoStatusBadge status={todo.status} />}
        <PriorityBadge priority={todo.priority} />
        {isOverdue && (
          <Badge tone="red">
            <AlertTriangle aria-hidden="true" className="size-3" />
            Overdue
          </Badge>
        )}
      </span>
      <span className="hidden w-32 shrink-0 text-xs text-slate-500 md:flex dark:text-slate-400">
        <CategoryChip category={todo.category} />
      </span>
      <span className={cn('inline-flex w-28 shrink-0 items-center gap-1 text-xs text-slate-500 dark:text-slate-400', isOverdue && 'font-medium text-red-600 dark:text-red-400')}>
        <CalendarDays aria-hidden="true" className="size-3.5" />
        <span className="sr-only">Due</span>
        {formatShortDate(todo.dueDate, 'No due date')}
      </span>
      <TodoItemActions todo={todo} onEdit={onEdit} onDelete={onDelete} className="-my-1" />
    </article>
  );
});
