import { formatShortDate, type TaskDetail } from '@tasklane/contract';
import { OctagonAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { PriorityBadge, TaskStatusBadge } from '@/components/domain/enum-badges';
import { Markdown } from '@/components/domain/markdown';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cardClassName } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatHours } from '@/lib/format';

const muted = 'italic text-slate-400 dark:text-slate-500';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1.5 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function Person({ person, fallback }: { person: TaskDetail['assigneeId']; fallback: string }) {
  if (!person) return <span className={muted}>{fallback}</span>;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar person={person} size="xs" />
      <span className="truncate">{person.fullName}</span>
    </span>
  );
}

/** The task's description (Markdown) and details, read-only, with SPEC 2's fallbacks for what is not set. */
export function TaskDetails({ task }: { task: TaskDetail }) {
  return (
    <>
      {task.status === 'BLOCKED' && (
        <div
          role="note"
          className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          <OctagonAlert aria-hidden="true" className="mt-0.5 size-4.5 shrink-0" />
          <p>
            <span className="font-semibold">Blocked</span>
            {task.blockedReason ? <>: {task.blockedReason}</> : ' (no reason given)'}
          </p>
        </div>
      )}

      <section aria-labelledby="task-description-heading" className={cn(cardClassName, 'p-5')}>
        <h2 id="task-description-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Description
        </h2>
        {task.description ? (
          // Markdown, rendered safely (issue 17).
          <Markdown source={task.description} className="mt-2 text-sm text-slate-700 dark:text-slate-300 [&_a]:text-indigo-600 dark:[&_a]:text-indigo-400" />
        ) : (
          <p className={cn('mt-2 text-sm', muted)}>No description provided</p>
        )}
      </section>

      <section aria-labelledby="task-details-heading" className={cn(cardClassName, 'p-5')}>
        <h2 id="task-details-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Details
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-5 lg:grid-cols-3">
          <Detail label="Status">
            <TaskStatusBadge status={task.status} />
          </Detail>
          <Detail label="Priority">
            <PriorityBadge priority={task.priority} />
          </Detail>
          <Detail label="Assignee">
            <Person person={task.assigneeId} fallback="Unassigned" />
          </Detail>
          <Detail label="Category">
            {task.categoryId ? (
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: task.categoryId.color }} />
                {task.categoryId.name}
              </span>
            ) : (
              <span className={muted}>No category</span>
            )}
          </Detail>
          <Detail label="Due Date">
            <span className={cn(!task.dueDate && muted, task.isOverdue && 'font-medium text-red-600 dark:text-red-400')}>
              {formatShortDate(task.dueDate, 'Not set')}
            </span>
            {task.isOverdue && (
              <Badge tone="red" className="ml-2">
                Overdue
              </Badge>
            )}
          </Detail>
          <Detail label="Estimated Hours">
            <span className={cn(task.estimatedHours === null && muted)}>{formatHours(task.estimatedHours)}</span>
          </Detail>
          <Detail label="Actual Hours">
            <span className={cn(task.actualHours === null && muted)}>{formatHours(task.actualHours)}</span>
          </Detail>
          <Detail label="Created By">
            <Person person={task.createdBy} fallback="Unknown" />
          </Detail>
          <Detail label="Created">{formatShortDate(task.createdAt, 'Unknown')}</Detail>
          <div className="col-span-2 lg:col-span-3">
            <Detail label="Tags">
              {task.tags.length ? (
                <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
                  {task.tags.map((tag) => (
                    <li key={tag}>
                      <Badge tone="indigo">{tag}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className={muted}>No tags</span>
              )}
            </Detail>
          </div>
        </dl>
      </section>
    </>
  );
}
