import { describeRecurrence, type Todo } from '@tasklane/contract';
import { Repeat } from 'lucide-react';
import { useUncoveredLabel } from '@/components/ui/covered-labels';
import { cn } from '@/lib/cn';

/** "Repeats weekly on Monday" under a repeating todo's title (issue 19); nothing for one that does not repeat. */
export function TodoRepeats({ todo, className }: { todo: Pick<Todo, 'recurrence'>; className?: string }) {
  if (!todo.recurrence) return null;
  const text = describeRecurrence(todo.recurrence) ?? 'Repeats';
  return (
    <p className={cn('inline-flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400', className)}>
      <Repeat aria-hidden="true" className="size-3.5 shrink-0" />
      <span>{text}</span>
    </p>
  );
}

/** The list row's short form: a repeat icon whose name and tooltip are the same text. */
export function TodoRepeatsIcon({ todo }: { todo: Pick<Todo, 'recurrence'> }) {
  const text = (todo.recurrence && describeRecurrence(todo.recurrence)) ?? 'Repeats';
  const label = useUncoveredLabel(text);
  if (!todo.recurrence) return null;
  return (
    <span role="img" aria-label={label} title={text} className="shrink-0 text-slate-500 dark:text-slate-400">
      <Repeat aria-hidden="true" className="size-4" />
    </span>
  );
}
