import type { Task, UpdateTaskBody } from '@tasklane/contract';
import { AlertTriangle } from 'lucide-react';
import { PriorityBadge, TaskStatusBadge } from '@/components/domain/enum-badges';
import { Badge } from '@/components/ui/badge';
import { BlockedByBadge } from './blocked-by-badge';
import { TaskPriorityPicker, TaskStatusPicker, useTaskPickers } from './task-pickers';

/** Issue 18: the status and priority of an assigned task, changed in place (for those who may edit it). */
export interface AssignedInlineEditing {
  onChange: (task: Task, changes: Omit<UpdateTaskBody, 'version'>) => void;
  isSaving: (taskId: string) => boolean;
}

/**
 * An assigned task's status and priority (pickers for those who may edit it, badges for the
 * others) and its overdue marker, as its card and its list row show them.
 */
export function AssignedTaskBadges({ task, inline }: { task: Task; inline: AssignedInlineEditing | undefined }) {
  const editing = task.abilities.canEdit ? inline : undefined;
  const picker = useTaskPickers(task._id, editing !== undefined);
  const isSaving = editing?.isSaving(task._id) ?? false;
  return (
    <>
      {editing ? (
        <TaskStatusPicker taskTitle={task.title} value={task.status} isBusy={isSaving} onPick={(status) => editing.onChange(task, { status })} {...picker('status')} />
      ) : (
        <TaskStatusBadge status={task.status} />
      )}
      {editing ? (
        <TaskPriorityPicker
          taskTitle={task.title}
          value={task.priority}
          isBusy={isSaving}
          onPick={(priority) => editing.onChange(task, { priority })}
          {...picker('priority')}
        />
      ) : (
        <PriorityBadge priority={task.priority} />
      )}
      {task.isOverdue && (
        <Badge tone="red">
          <AlertTriangle aria-hidden="true" className="size-3" />
          Overdue
        </Badge>
      )}
      <BlockedByBadge blockedBy={task.blockedBy} />
    </>
  );
}
