import { formatShortDate, type ProjectMember, type Task, type TaskSortField, type UpdateTaskBody } from '@tasklane/contract';
import { ArrowRight, Trash2 } from 'lucide-react';
import type { HTMLAttributes, Ref } from 'react';
import { Link } from 'react-router';
import { PriorityBadge, TaskStatusBadge } from '@/components/domain/enum-badges';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { IconButton } from '@/components/ui/icon-button';
import { SortableTh, Table, TableBody, TableHead, TableRow, Td, Th } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { AttachmentCount } from './attachment-count';
import { BlockedByBadge } from './blocked-by-badge';
import { SubtaskOfLink, SubtaskProgress } from './subtask-badges';
import { TaskKey } from './task-key';
import type { OptionsState } from './task-fields';
import { TaskAssigneePicker, TaskPriorityPicker, TaskStatusPicker, useTaskPickers } from './task-pickers';
import type { SortOrder } from '@/lib/list-query';

/** A keyboard selection's attributes for a row (lib/keyboard/use-list-selection.ts). */
type RowProps = HTMLAttributes<HTMLTableRowElement> & { ref?: Ref<HTMLTableRowElement> };

export interface TaskTableProps {
  tasks: readonly Task[];
  sort: { sortBy: TaskSortField; sortOrder: SortOrder };
  onSort: (field: TaskSortField) => void;
  isBusy: boolean;
  onDelete: (task: Task) => void;
  /** Issue 18: the status, priority and assignee of the tasks the caller may edit, changed in place. */
  inline?: TableInlineEditing;
  /** A keyboard selection's attributes for each row (lib/keyboard/use-list-selection.ts). */
  rowProps?: (task: Task) => RowProps;
}

export interface TableInlineEditing {
  members: OptionsState<ProjectMember>;
  onChange: (task: Task, changes: Omit<UpdateTaskBody, 'version'>) => void;
  isSaving: (taskId: string) => boolean;
}

function Person({ person, fallback }: { person: Task['assigneeId']; fallback: string }) {
  if (!person) return <span className="italic text-slate-500 dark:text-slate-400">{fallback}</span>;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar person={person} size="xs" />
      <span className="truncate">{person.fullName}</span>
    </span>
  );
}

/** SPEC 2's columns: Title, Status, Priority, Assignee, Due Date, Actions, Created By. */
export function TaskTable({ tasks, sort, onSort, isBusy, onDelete, inline, rowProps }: TaskTableProps) {
  const direction = (field: TaskSortField) => (sort.sortBy === field ? sort.sortOrder : undefined);
  return (
    <Table label="Tasks" busy={isBusy} minWidth="min-w-[900px]">
      <TableHead>
        <SortableTh label="Title" direction={direction('title')} onSort={() => onSort('title')} className="w-[30%] min-w-56" />
        <SortableTh label="Status" direction={direction('status')} onSort={() => onSort('status')} />
        <SortableTh label="Priority" direction={direction('priority')} onSort={() => onSort('priority')} />
        <Th>Assignee</Th>
        <SortableTh label="Due Date" direction={direction('dueDate')} onSort={() => onSort('dueDate')} />
        <Th>Actions</Th>
        <Th>Created By</Th>
      </TableHead>
      <TableBody>
        {tasks.map((task) => (
          <TaskTableRow key={task._id} task={task} onDelete={onDelete} inline={task.abilities.canEdit ? inline : undefined} rowProps={rowProps?.(task)} />
        ))}
      </TableBody>
    </Table>
  );
}

/** One task's row; its pickers answer the keyboard's requests for that task (issue 18). */
function TaskTableRow({
  task,
  onDelete,
  inline,
  rowProps,
}: {
  task: Task;
  onDelete: (task: Task) => void;
  inline: TableInlineEditing | undefined;
  rowProps: RowProps | undefined;
}) {
  const picker = useTaskPickers(task._id, inline !== undefined);
  const isSaving = inline?.isSaving(task._id) ?? false;
  const href = paths.task.href(task.projectId._id, task.featureId._id, task._id);
  return (
    <TableRow {...rowProps}>
      <Td>
        <Link
          to={href}
          className="line-clamp-2 rounded font-semibold text-slate-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white dark:hover:text-indigo-400"
        >
          {task.title}
        </Link>
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <TaskKey taskKey={task.key} />
          {task.categoryId && (
              <span className="flex items-center gap-1.5">
                <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: task.categoryId.color }} />
                {task.categoryId.name}
              </span>
            )}
          <AttachmentCount count={task.attachments.length} />
          <BlockedByBadge blockedBy={task.blockedBy} />
          <SubtaskProgress progress={task.subtasks} />
          <SubtaskOfLink task={{ parentTask: task.parentTask, projectId: task.projectId._id, featureId: task.featureId._id }} />
        </span>
      </Td>
      <Td>
        {inline ? (
          <TaskStatusPicker
            taskTitle={task.title}
            value={task.status}
            isBusy={isSaving}
            onPick={(status) => inline.onChange(task, { status })}
            {...picker('status')}
          />
        ) : (
          <TaskStatusBadge status={task.status} />
        )}
      </Td>
      <Td>
        {inline ? (
          <TaskPriorityPicker
            taskTitle={task.title}
            value={task.priority}
            isBusy={isSaving}
            onPick={(priority) => inline.onChange(task, { priority })}
            {...picker('priority')}
          />
        ) : (
          <PriorityBadge priority={task.priority} />
        )}
      </Td>
      <Td className="max-w-44">
        {inline ? (
          <TaskAssigneePicker
            taskTitle={task.title}
            value={task.assigneeId}
            members={inline.members}
            isBusy={isSaving}
            onPick={(assigneeId) => inline.onChange(task, { assigneeId })}
            {...picker('assignee')}
          >
            <Person person={task.assigneeId} fallback="Unassigned" />
          </TaskAssigneePicker>
        ) : (
          <Person person={task.assigneeId} fallback="Unassigned" />
        )}
      </Td>
      <Td className="whitespace-nowrap">
        <span className={cn(task.isOverdue && 'font-medium text-red-600 dark:text-red-400')}>{formatShortDate(task.dueDate, 'Not set')}</span>
        {task.isOverdue && (
          <Badge tone="red" className="ml-2">
            Overdue
          </Badge>
        )}
      </Td>
      <Td>
        <div className="flex items-center gap-1">
          <Link
            to={href}
            aria-label={`View ${task.title}`}
            className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-semibold text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-indigo-950"
          >
            View
            <ArrowRight aria-hidden="true" className="size-3.5" />
          </Link>
          {task.abilities.canDelete && (
            <IconButton
              label={`Delete ${task.title}`}
              tooltip="Delete task"
              tone="danger"
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              onClick={() => onDelete(task)}
            />
          )}
        </div>
      </Td>
      <Td className="max-w-44">
        <Person person={task.createdBy} fallback="Unknown" />
      </Td>
    </TableRow>
  );
}
