import { dueDateTextSchema, formatShortDate, hoursTextSchema, toCalendarDate, type ProjectMember, type TaskDetail, type UpdateTaskBody } from '@tasklane/contract';
import { OctagonAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { PriorityBadge, TaskStatusBadge } from '@/components/domain/enum-badges';
import { Markdown } from '@/components/domain/markdown';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cardClassName } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatHours } from '@/lib/format';
import { InlineValueEditor } from './inline-value-editor';
import type { OptionsState } from './task-fields';
import { TaskAssigneePicker, TaskPriorityPicker, TaskStatusPicker, useTaskPickers } from './task-pickers';

const muted = 'italic text-slate-500 dark:text-slate-400';

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
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

/** What editing in place needs (issue 18): only for those who may edit the task. */
export interface InlineEditing {
  members: OptionsState<ProjectMember>;
  /** Saves the changed value at once (with the version shown). */
  onChange: (changes: Omit<UpdateTaskBody, 'version'>) => void;
  isBusy: boolean;
}

/** A number of hours as typed, checked with the contract's rule; the error to show, or null once saved. */
function savedHours(label: string, text: string, save: (hours: number | null) => void): string | null {
  const result = hoursTextSchema(label).safeParse(text);
  if (!result.success) return result.error.issues[0]?.message ?? `${label} must be a whole number from 0 to 10000`;
  save(result.data);
  return null;
}

/**
 * The task's description (Markdown) and details, with SPEC 2's fallbacks for what is not set.
 * With `editing`, the status, priority, assignee, due date and hours are edited in place.
 */
export function TaskDetails({ task, editing }: { task: TaskDetail; editing?: InlineEditing }) {
  const picker = useTaskPickers(task._id, editing !== undefined);
  const status = <TaskStatusBadge status={task.status} />;
  const priority = <PriorityBadge priority={task.priority} />;
  const assignee = <Person person={task.assigneeId} fallback="Unassigned" />;
  const dueDate = (
    <span className={cn(!task.dueDate && muted, task.isOverdue && 'font-medium text-red-600 dark:text-red-400')}>
      {formatShortDate(task.dueDate, 'Not set')}
    </span>
  );
  const hours = (label: 'Estimated Hours' | 'Actual Hours', value: number | null, field: 'estimatedHours' | 'actualHours') => {
    const shown = <span className={cn(value === null && muted)}>{formatHours(value)}</span>;
    if (!editing) return shown;
    return (
      <InlineValueEditor
        label={label}
        valueText={formatHours(value)}
        type="number"
        initial={value === null ? '' : String(value)}
        isBusy={editing.isBusy}
        onSave={(text) => savedHours(label.replace(' Hours', ' hours'), text, (next) => editing.onChange({ [field]: next }))}
      >
        {shown}
      </InlineValueEditor>
    );
  };
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
            {editing ? (
              <TaskStatusPicker
                taskTitle={task.title}
                value={task.status}
                isBusy={editing.isBusy}
                onPick={(next) => editing.onChange({ status: next })}
                {...picker('status')}
              />
            ) : (
              status
            )}
          </Detail>
          <Detail label="Priority">
            {editing ? (
              <TaskPriorityPicker
                taskTitle={task.title}
                value={task.priority}
                isBusy={editing.isBusy}
                onPick={(next) => editing.onChange({ priority: next })}
                {...picker('priority')}
              />
            ) : (
              priority
            )}
          </Detail>
          <Detail label="Assignee">
            {editing ? (
              <TaskAssigneePicker
                taskTitle={task.title}
                value={task.assigneeId}
                members={editing.members}
                isBusy={editing.isBusy}
                onPick={(next) => editing.onChange({ assigneeId: next })}
                {...picker('assignee')}
              >
                {assignee}
              </TaskAssigneePicker>
            ) : (
              assignee
            )}
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
            {editing ? (
              <InlineValueEditor
                label="Due Date"
                valueText={formatShortDate(task.dueDate, 'Not set')}
                type="date"
                initial={task.dueDate ? toCalendarDate(task.dueDate) : ''}
                isBusy={editing.isBusy}
                onSave={(text) => {
                  const result = dueDateTextSchema.safeParse(text);
                  if (!result.success) return 'Due date must be a date';
                  editing.onChange({ dueDate: result.data });
                  return null;
                }}
              >
                {dueDate}
              </InlineValueEditor>
            ) : (
              dueDate
            )}
            {task.isOverdue && (
              <Badge tone="red" className="ml-2">
                Overdue
              </Badge>
            )}
          </Detail>
          <Detail label="Estimated Hours">{hours('Estimated Hours', task.estimatedHours, 'estimatedHours')}</Detail>
          <Detail label="Actual Hours">{hours('Actual Hours', task.actualHours, 'actualHours')}</Detail>
          <Detail label="Created By">
            <Person person={task.createdBy} fallback="Unknown" />
          </Detail>
          <Detail label="Created">{formatShortDate(task.createdAt, 'Unknown')}</Detail>
          {/* A direct child of the <dl>: a list's groups may not be wrapped twice. */}
          <Detail label="Tags" className="col-span-2 lg:col-span-3">
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
        </dl>
      </section>
    </>
  );
}
