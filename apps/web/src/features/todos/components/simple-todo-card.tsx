import { formatShortDate, type Todo } from '@tasklane/contract';
import { CalendarDays, CheckCircle2, Circle, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import { useInstantToggle } from './use-instant-toggle';

/** A card of the simple list (SPEC 2): completed ones are dimmed and struck through. */
export function SimpleTodoCard({
  todo,
  onToggle,
  onDelete,
}: {
  todo: Todo;
  /** Resolves once the change has settled (failures are reported by the caller). */
  onToggle: (todo: Todo) => Promise<unknown>;
  onDelete: (todo: Todo) => void;
}) {
  const titleId = useId();
  const [isCompleted, toggle] = useInstantToggle(todo.status === 'COMPLETED', () => onToggle(todo));
  const toggleLabel = isCompleted ? 'Mark as pending' : 'Mark as complete';
  return (
    <article
      aria-labelledby={titleId}
      data-completed={isCompleted || undefined}
      className={cn(
        'flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-[opacity,box-shadow] hover:shadow-md dark:border-slate-800 dark:bg-slate-900',
        isCompleted && 'opacity-60',
      )}
    >
      <IconButton
        label={`${toggleLabel}: ${todo.title}`}
        tooltip={toggleLabel}
        tone="primary"
        aria-pressed={isCompleted}
        className="-ml-1 -mt-0.5 shrink-0"
        icon={
          isCompleted ? (
            <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600 dark:text-emerald-400" />
          ) : (
            <Circle aria-hidden="true" className="size-5" />
          )
        }
        onClick={toggle}
      />
      <div className="min-w-0 flex-1">
        <h3
          id={titleId}
          className={cn('break-words font-semibold leading-6 text-slate-900 dark:text-white', isCompleted && 'line-through')}
        >
          {todo.title}
        </h3>
        {todo.description && (
          <p className={cn('mt-1 whitespace-pre-line break-words text-sm text-slate-600 dark:text-slate-400', isCompleted && 'line-through')}>
            {todo.description}
          </p>
        )}
        <p className="mt-2 inline-flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
          <CalendarDays aria-hidden="true" className="size-3.5" />
          {formatShortDate(todo.dueDate, 'No date')}
        </p>
      </div>
      <IconButton
        label={`Delete todo: ${todo.title}`}
        tooltip="Delete todo"
        tone="danger"
        className="-mr-1 -mt-0.5 shrink-0"
        icon={<Trash2 aria-hidden="true" className="size-4" />}
        onClick={() => onDelete(todo)}
      />
    </article>
  );
}
