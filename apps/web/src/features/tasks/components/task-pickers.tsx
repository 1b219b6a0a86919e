import { priorities, taskStatuses, type Priority, type ProjectMember, type TaskStatus } from '@tasklane/contract';
import { useState, type ReactNode } from 'react';
import { PriorityBadge, TaskStatusBadge } from '@/components/domain/enum-badges';
import { Avatar } from '@/components/ui/avatar';
import { PickerMenu } from '@/components/ui/picker-menu';
import { formatEnum } from '@/lib/format';
import { useTaskPickerRequests, type TaskPickerField } from '@/lib/task-picker-requests';
import type { OptionsState } from './task-fields';

type Person = { _id: string; fullName: string; avatar: string | null };

/**
 * Which of a task's pickers is open. The keyboard layer's requests (`s`, `p`, `a` on the
 * selected row, card or detail page) open them too; a task shown without pickers (the caller
 * may not edit it) does not listen, so a request finds nothing to open.
 */
export function useTaskPickers(taskId: string, isEditable: boolean) {
  const [openField, setOpenField] = useState<TaskPickerField | null>(null);
  useTaskPickerRequests(isEditable ? taskId : undefined, setOpenField);
  return (field: TaskPickerField) => ({
    open: openField === field,
    onOpenChange: (open: boolean) => setOpenField(open ? field : null),
  });
}

interface PickerProps<V> {
  taskTitle: string;
  value: V;
  onPick: (value: V) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isBusy?: boolean;
  align?: 'start' | 'end';
}

/** The status badge, which opens the statuses. */
export function TaskStatusPicker({ taskTitle, value, ...props }: PickerProps<TaskStatus> & { statuses?: readonly TaskStatus[] }) {
  const { statuses = taskStatuses, ...rest } = props;
  return (
    <PickerMenu
      label={`Status of ${taskTitle}: ${formatEnum(value)}. Change status`}
      value={value}
      options={statuses.map((status) => ({ value: status, label: formatEnum(status), content: <TaskStatusBadge status={status} /> }))}
      {...rest}
    >
      <TaskStatusBadge status={value} />
    </PickerMenu>
  );
}

/** The priority badge, which opens the four priorities. */
export function TaskPriorityPicker({ taskTitle, value, ...props }: PickerProps<Priority>) {
  return (
    <PickerMenu
      label={`Priority of ${taskTitle}: ${formatEnum(value)}. Change priority`}
      value={value}
      options={priorities.map((priority) => ({ value: priority, label: formatEnum(priority), content: <PriorityBadge priority={priority} /> }))}
      {...props}
    >
      <PriorityBadge priority={value} />
    </PickerMenu>
  );
}

const UNASSIGNED = '';

/**
 * The assignee, which opens 'Unassigned' and the project's members (the current assignee stays
 * listed if no longer a member). `children` is how the assignee shows where the picker sits (a
 * name on the detail page and in the table, an avatar on a card).
 */
export function TaskAssigneePicker({
  taskTitle,
  value,
  members,
  onPick,
  children,
  ...props
}: Omit<PickerProps<Person | null>, 'onPick'> & { members: OptionsState<ProjectMember>; onPick: (assigneeId: string | null) => void; children: ReactNode }) {
  const people: Person[] = (members.data ?? []).map((member) => member.userId);
  if (value && !people.some((person) => person._id === value._id)) people.push(value);
  const options = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...people.map((person) => ({
      value: person._id,
      label: person.fullName,
      content: (
        <span className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true" className="flex">
            <Avatar person={person} size="xs" />
          </span>
          <span className="truncate">{person.fullName}</span>
        </span>
      ),
    })),
  ];
  const notice = members.isError ? 'Failed to fetch members' : members.isLoading && !members.data ? 'Loading members...' : undefined;
  return (
    <PickerMenu
      label={`Assignee of ${taskTitle}: ${value?.fullName ?? 'Unassigned'}. Change assignee`}
      value={value?._id ?? UNASSIGNED}
      options={options}
      notice={notice}
      onPick={(id) => onPick(id === UNASSIGNED ? null : id)}
      {...props}
    >
      {children}
    </PickerMenu>
  );
}
