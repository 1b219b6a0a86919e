import { toggleTodoStatus, type Todo } from '@tasklane/contract';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';

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
