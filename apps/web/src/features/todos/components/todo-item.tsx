import { isTodoOverdue, toggleTodoStatus, type Todo } from '@tasklane/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import { useInstantToggle } from './use-instant-toggle';

/** The parts a todo is shown with on the dashboard, as a card or as a list row. */

/** The colour of a todo with no category (its bar or border). */
export const noCategoryColour = '#94A3B8';

export interface TodoItemProps {
  todo: Todo;
  today: string;
  /** Resolves once the change has settled (failures are reported by the caller). */
  onToggle: (todo: Todo) => Promise<unknown>;
  onEdit: (todo: Todo) => void;
  onDelete: (todo: Todo) => void;
}

/** What a card and a row both derive: the title's id, completion, the instant checkbox and overdue. */
export function useTodoItem({ todo, today, onToggle }: Pick<TodoItemProps, 'todo' | 'today' | 'onToggle'>) {
  const titleId = useId();
  const isCompleted = todo.status === 'COMPLETED';
  const [isChecked, toggle] = useInstantToggle(isCompleted, () => onToggle(todo));
  return { titleId, isCompleted, isChecked, toggle, isOverdue: isTodoOverdue(todo, today) };
}

/** Edit and delete, with the names the dashboard's tests and screen readers know. */
export function TodoItemActions({ todo, onEdit, onDelete, className }: Pick<TodoItemProps, 'todo' | 'onEdit' | 'onDelete'> & { className: string }) {
  return (
    <span className={cn('flex shrink-0', className)}>
      <IconButton
        label={`Edit todo: ${todo.title}`}
        tooltip="Edit todo"
        tone="primary"
        icon={<Pencil aria-hidden="true" className="size-4" />}
        onClick={() => onEdit(todo)}
      />
      <IconButton
        label={`Delete todo: ${todo.title}`}
        tooltip="Delete todo"
        tone="danger"
        icon={<Trash2 aria-hidden="true" className="size-4" />}
        onClick={() => onDelete(todo)}
      />
    </span>
  );
}

const noToggleHint = 'Edit this todo to change an in-progress or cancelled status';

/**
 * A todo's checkbox, as its card and its list row show it: SPEC 4's toggle rule (in-progress and
 * cancelled todos have no checkbox transition, so it is disabled, with the reason told), and the
 * same accessible name in both layouts.
 */
export function TodoToggle({
  todo,
  isChecked,
  onChange,
  className,
  boxClassName,
}: {
  todo: Todo;
  isChecked: boolean;
  onChange: () => void;
  className?: string;
  boxClassName: string;
}) {
  const hintId = useId();
  const canToggle = toggleTodoStatus(todo.status) !== todo.status;
  return (
    <span className={cn('flex', className)} title={canToggle ? undefined : noToggleHint}>
      <Checkbox
        className={boxClassName}
        checked={isChecked}
        disabled={!canToggle}
        aria-label={`${isChecked ? 'Mark as pending' : 'Mark as complete'}: ${todo.title}`}
        aria-describedby={canToggle ? undefined : hintId}
        onChange={onChange}
      />
      {!canToggle && (
        <span id={hintId} className="sr-only">
          {noToggleHint}
        </span>
      )}
    </span>
  );
}
