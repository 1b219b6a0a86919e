import { formatShortDate, type Task } from '@tasklane/contract';
import { ArrowRight, CalendarDays, Clock, FolderKanban, Layers } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cardClassName } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatHoursSpent } from '@/lib/format';
import { AssignedTaskBadges, type AssignedInlineEditing } from './assigned-task-badges';
import { AttachmentCount } from './attachment-count';
import { TaskKey } from './task-key';

/**
 * A task assigned to the caller (SPEC 2): overdue marker, category chip, due date or 'Not set
 * Yet', actual/estimated hours, creator, project and feature, tags and 'Visit Task'.
 * Memoized: a page of cards re-renders only when its tasks change.
 */
export const AssignedTaskCard = memo(function AssignedTaskCard({ task, inline }: { task: Task; inline?: AssignedInlineEditing }) {
  const headingId = `assigned-task-${task._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(cardClassName, 'flex h-full flex-col p-4 transition-shadow hover:shadow-md', task.isOverdue && 'border-red-200 dark:border-red-900/70')}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <TaskKey taskKey={task.key} />
        <AssignedTaskBadges task={task} inline={inline} />
        {task.categoryId && (
          <span className="ml-auto inline-flex max-w-[50%] items-center gap-1.5 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: task.categoryId.color }} />
            <span className="truncate">{task.categoryId.name}</span>
          </span>
        )}
      </div>

      <h3 id={headingId} className="mt-3 line-clamp-2 break-words text-base font-semibold text-slate-900 dark:text-white">
        {task.title}
      </h3>
      <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-slate-500 dark:text-slate-400">
        <FolderKanban aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">Project:</span>
        <span className="max-w-full truncate">{task.projectId.name}</span>
        <span aria-hidden="true">/</span>
        <Layers aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">Feature:</span>
        <span className="max-w-full truncate">{task.featureId.title}</span>
      </p>
      {task.description && <p className="mt-2 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{task.description}</p>}

      <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
        <div className="flex items-center gap-1.5">
          <CalendarDays aria-hidden="true" className={cn('size-3.5 shrink-0', task.isOverdue ? 'text-red-500' : 'text-slate-400')} />
          <dt className="sr-only">Due date</dt>
          <dd className={cn(task.isOverdue ? 'font-semibold text-red-600 dark:text-red-400' : 'text-slate-700 dark:text-slate-300')}>
            {formatShortDate(task.dueDate, 'Not set Yet')}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
          <dt className="sr-only">Actual / estimated hours</dt>
          <dd className="tabular-nums text-slate-700 dark:text-slate-300" title="Actual / estimated hours">{formatHoursSpent(task.actualHours, task.estimatedHours)}</dd>
        </div>
        {task.attachments.length > 0 && (
          <div className="flex items-center text-slate-700 dark:text-slate-300">
            <dt className="sr-only">Attachments</dt>
            <dd className="[&_svg]:text-slate-400">
              <AttachmentCount count={task.attachments.length} />
            </dd>
          </div>
        )}
      </dl>

      {task.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1">
          {task.tags.map((tag) => (
            <li key={tag}>
              <Badge tone="indigo">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-auto pt-4">
      <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          {task.createdBy && <Avatar person={task.createdBy} size="xs" />}
          <span className="truncate">By {task.createdBy?.fullName ?? 'Unknown'}</span>
        </span>
        <Link
          to={paths.task.href(task.projectId._id, task.featureId._id, task._id)}
          aria-label={`Visit Task ${task.title}`}
          className="inline-flex shrink-0 items-center gap-1 rounded-md text-sm font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:text-indigo-300"
        >
          Visit Task
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      </div>
    </article>
  );
});
