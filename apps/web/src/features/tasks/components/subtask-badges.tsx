import type { SubtaskProgress as Progress, Task } from '@tasklane/contract';
import { CornerDownRight, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** '3 of 5 done' (decision 033). */
export const subtaskProgressText = ({ total, completed }: Progress) => `${completed} of ${total} done`;

/** A parent's progress, '3 of 5 done' with a small bar; nothing for a task without subtasks. */
export function SubtaskProgress({ progress, className }: { progress: Progress; className?: string }) {
  if (progress.total === 0) return null;
  const percent = Math.round((progress.completed / progress.total) * 100);
  return (
    <span
      title="Subtasks done"
      className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-slate-600 dark:text-slate-300', className)}
      data-testid="subtask-progress"
    >
      <ListChecks aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
      <span>
        <span className="sr-only">Subtasks: </span>
        {subtaskProgressText(progress)}
      </span>
      <span aria-hidden="true" className="h-1.5 w-10 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <span className="block h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}

/** 'Subtask of WEB-3', a link to the parent (same project and feature as the subtask). */
export function SubtaskOfLink({ task, className }: { task: Pick<Task, 'parentTask'> & { projectId: string; featureId: string }; className?: string }) {
  const parent = task.parentTask;
  if (!parent) return null;
  return (
    <Link
      to={paths.task.href(task.projectId, task.featureId, parent._id)}
      title={parent.title}
      draggable={false}
      className={cn(
        'inline-flex min-w-0 items-center gap-1 rounded text-xs text-slate-500 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:text-indigo-400',
        className,
      )}
    >
      <CornerDownRight aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="truncate">
        Subtask of <span className="font-mono">{parent.key}</span>
      </span>
    </Link>
  );
}
