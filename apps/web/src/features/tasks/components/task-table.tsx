import { formatShortDate, type Task, type TaskSortField } from '@tasklane/contract';
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
import type { SortOrder } from '@/lib/list-query';

export interface TaskTableProps {
  tasks: readonly Task[];
  sort: { sortBy: TaskSortField; sortOrder: SortOrder };
  onSort: (field: TaskSortField) => void;
  isBusy: boolean;
  onDelete: (task: Task) => void;
  /** A keyboard selection's attributes for each row (lib/keyboard/use-list-selection.ts). */
  rowProps?: (task: Task) => HTMLAttributes<HTMLTableRowElement> & { ref?: Ref<HTMLTableRowElement> };
}

function Person({ person, fallback }: { person: Task['assigneeId']; fallback: string }) {
  if (!person) return <span className="italic text-slate-400 dark:text-slate-500">{fallback}</span>;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar person={person} size="xs" />
      <span className="truncate">{person.fullName}</span>
    </span>
  );
}

/** SPEC 2's columns: Title, Status, Priority, Assignee, Due Date, Actions, Created By. */
export function TaskTable({ tasks, sort, onSort, isBusy, onDelete, rowProps }: TaskTableProps) {
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
        {tasks.map((task) => {
          const href = paths.task.href(task.projectId._id, task.featureId._id, task._id);
          return (
            <TableRow key={task._id} {...rowProps?.(task)}>
              <Td>
                <Link
                  to={href}
                  className="line-clamp-2 rounded font-semibold text-slate-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white dark:hover:text-indigo-400"
                >
                  {task.title}
                </Link>
                {(task.categoryId || task.attachments.length > 0) && (
                  <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
                    {task.categoryId && (
                      <span className="flex items-center gap-1.5">
                        <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: task.categoryId.color }} />
                        {task.categoryId.name}
                      </span>
                    )}
                    <AttachmentCount count={task.attachments.length} />
                  </span>
                )}
              </Td>
              <Td>
                <TaskStatusBadge status={task.status} />
              </Td>
              <Td>
                <PriorityBadge priority={task.priority} />
              </Td>
              <Td className="max-w-44">
                <Person person={task.assigneeId} fallback="Unassigned" />
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
        })}
      </TableBody>
    </Table>
  );
}
