import { formatShortDate, type Task } from '@tasklane/contract';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { AssignedTaskBadges, type AssignedInlineEditing } from './assigned-task-badges';
import { TaskKey } from './task-key';

/**
 * A task in /tasks's compact list (issue 18): one line with its title (the link to it), project
 * and feature, status, priority, overdue marker and due date. The status and priority are
 * pickers for those who may edit the task.
 */
export function AssignedTaskRow({ task, inline }: { task: Task; inline?: AssignedInlineEditing }) {
  return (
    <article aria-labelledby={`assigned-row-${task._id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 sm:flex-nowrap">
      <div className="min-w-0 flex-1">
        <Link
          id={`assigned-row-${task._id}`}
          to={paths.task.href(task.projectId._id, task.featureId._id, task._id)}
          className="block truncate rounded text-sm font-medium text-slate-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white dark:hover:text-indigo-400"
        >
          {task.title}
        </Link>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          <span className="sr-only">Project and feature: </span>
          {task.projectId.name} / {task.featureId.title}
        </p>
      </div>
      <span className="flex shrink-0 items-center gap-1.5">
        <TaskKey taskKey={task.key} />
        <AssignedTaskBadges task={task} inline={inline} />
      </span>
      <span className={cn('inline-flex w-28 shrink-0 items-center gap-1 text-xs', task.isOverdue ? 'font-semibold text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400')}>
        <CalendarDays aria-hidden="true" className="size-3.5" />
        <span className="sr-only">Due</span>
        {formatShortDate(task.dueDate, 'Not set Yet')}
      </span>
    </article>
  );
}
