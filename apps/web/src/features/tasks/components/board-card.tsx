import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatShortDate, type BoardTask, type ProjectMember, type TaskStatus, type UpdateTaskBody } from '@tasklane/contract';
import { ArrowRightLeft, CalendarDays, GripVertical } from 'lucide-react';
import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PriorityBadge } from '@/components/domain/enum-badges';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatEnum } from '@/lib/format';
import type { TaskRef } from '../api/update-task';
import type { BoardCard } from '../lib/board';
import { BlockedByBadge } from './blocked-by-badge';
import { SubtaskOfLink, SubtaskProgress } from './subtask-badges';
import { TaskKey } from './task-key';
import type { OptionsState } from './task-fields';
import { TaskAssigneePicker, TaskPriorityPicker, useTaskPickers } from './task-pickers';

const MAX_TAGS = 3;

export interface BoardCardViewProps extends HTMLAttributes<HTMLDivElement> {
  task: BoardTask;
  href: string;
  /** The card's project and feature, for the link to a subtask's parent (decision 033). */
  place?: { projectId: string; featureId: string };
  /** The drag handle (only for those who may move cards). */
  handle?: ReactNode;
  /** The 'Move to…' menu (only for those who may move cards). */
  menu?: ReactNode;
  /** The priority and assignee as pickers (issue 18), in place of the plain badge and avatar. */
  priority?: ReactNode;
  assignee?: ReactNode;
  isPlaceholder?: boolean;
  isOverlay?: boolean;
}

/** What a card shows: title, priority, overdue marker, tags, due date and the assignee. */
export const BoardCardView = forwardRef<HTMLDivElement, BoardCardViewProps>(function BoardCardView(
  { task, href, place, handle, menu, priority, assignee, isPlaceholder, isOverlay, className, ...props },
  ref,
) {
  const tags = task.tags.slice(0, MAX_TAGS);
  const moreTags = task.tags.length - tags.length;
  return (
    <div
      ref={ref}
      data-testid="board-card"
      className={cn(
        'rounded-lg border border-slate-200 bg-white p-3 shadow-sm transition-shadow dark:border-slate-700 dark:bg-slate-800',
        isPlaceholder && 'opacity-40',
        // No rotation or scale: the keyboard's moves are worked out from this card's box.
        isOverlay && 'cursor-grabbing shadow-xl ring-2 ring-indigo-500/60',
        className,
      )}
      {...props}
    >
      <div className="flex items-start gap-1.5">
        {handle}
        <Link
          to={href}
          draggable={false}
          className="line-clamp-2 min-w-0 flex-1 rounded text-sm font-semibold break-words text-slate-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white dark:hover:text-indigo-400"
        >
          {task.title}
        </Link>
        {menu}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <TaskKey taskKey={task.key} className="text-[11px]" />
        {priority ?? <PriorityBadge priority={task.priority} />}
        {task.isOverdue && <Badge tone="red">Overdue</Badge>}
        <BlockedByBadge blockedBy={task.blockedBy} />
        {tags.map((tag, index) => (
          <span
            key={`${tag}-${index}`}
            className="max-w-28 truncate rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600 dark:bg-slate-700 dark:text-slate-300"
          >
            {tag}
          </span>
        ))}
        {moreTags > 0 && <span className="text-[11px] text-slate-500 dark:text-slate-400">+{moreTags}</span>}
      </div>
      {(task.subtasks.total > 0 || task.parentTask) && (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <SubtaskProgress progress={task.subtasks} />
          {place && <SubtaskOfLink task={{ parentTask: task.parentTask, ...place }} />}
        </div>
      )}
      <div className="mt-2.5 flex items-center justify-between gap-2 text-xs">
        <span className={cn('flex items-center gap-1', task.isOverdue ? 'font-medium text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400')}>
          <CalendarDays aria-hidden="true" className="size-3.5" />
          <span>
            <span className="sr-only">Due </span>
            {formatShortDate(task.dueDate, 'No due date')}
          </span>
        </span>
        {assignee ?? <CardAssignee person={task.assigneeId} />}
      </div>
    </div>
  );
});

/** The assignee's avatar, or a dashed circle for nobody. */
function CardAssignee({ person }: { person: BoardTask['assigneeId'] }) {
  return person ? (
    <span title={`Assigned to ${person.fullName}`} className="flex">
      <Avatar person={person} size="xs" />
    </span>
  ) : (
    <span
      role="img"
      aria-label="Unassigned"
      title="Unassigned"
      className="block size-6 rounded-full border border-dashed border-slate-300 dark:border-slate-600"
    />
  );
}

/** What editing a card's priority and assignee in place needs (issue 18). */
export interface BoardInlineEditing {
  members: OptionsState<ProjectMember>;
  onChange: (task: TaskRef & { version: number }, changes: Omit<UpdateTaskBody, 'version'>) => void;
  isSaving: (taskId: string) => boolean;
}

export interface BoardCardProps {
  task: BoardCard;
  projectId: string;
  featureId: string;
  canMove: boolean;
  /** The columns shown, for 'Move to…'. */
  statuses: readonly TaskStatus[];
  /** 'Move to…': the card goes to the top of that column. */
  onMoveTo: (task: BoardCard, status: TaskStatus) => void;
  /** Given to those who may edit the tasks: the priority and assignee pickers. */
  inline?: BoardInlineEditing;
}

/**
 * A card on the board; when `canMove`, draggable (by its handle with the keyboard, anywhere with
 * a pointer) and with a 'Move to…' menu (one tap or a few keys, on a phone as with a screen reader).
 */
export function BoardCardItem({ task, projectId, featureId, canMove, statuses, onMoveTo, inline }: BoardCardProps) {
  // The keyboard's `s` opens 'Move to…' (the card's status is its column), `p` and `a` the pickers.
  const picker = useTaskPickers(task._id, canMove);
  const isSaving = inline?.isSaving(task._id) ?? false;
  const place = { _id: task._id, version: task.version, projectId: { _id: projectId }, featureId: { _id: featureId } };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task._id,
    disabled: !canMove,
  });
  const handle = canMove ? (
    <button
      ref={setActivatorNodeRef}
      type="button"
      {...attributes}
      aria-label={`Move ${task.title}`}
      className="-ml-1 mt-px shrink-0 cursor-grab rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 active:cursor-grabbing dark:text-slate-500 dark:hover:bg-slate-700 dark:hover:text-slate-200"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  ) : undefined;
  const menu = canMove ? (
    <DropdownMenu
      {...picker('status')}
      items={statuses
        .filter((status) => status !== task.status)
        .map((status) => ({ label: formatEnum(status), onSelect: () => onMoveTo(task, status) }))}
      trigger={
        <IconButton
          label={`Move ${task.title} to…`}
          tooltip={false}
          icon={<ArrowRightLeft aria-hidden="true" className="size-3.5" />}
          className="-mr-1 -mt-1 size-7 shrink-0"
        />
      }
    />
  ) : undefined;
  const priority =
    canMove && inline ? (
      <TaskPriorityPicker
        taskTitle={task.title}
        value={task.priority}
        isBusy={isSaving}
        onPick={(next) => inline.onChange(place, { priority: next })}
        {...picker('priority')}
      />
    ) : undefined;
  const assignee =
    canMove && inline ? (
      <TaskAssigneePicker
        taskTitle={task.title}
        value={task.assigneeId}
        members={inline.members}
        isBusy={isSaving}
        align="end"
        onPick={(next) => inline.onChange(place, { assigneeId: next })}
        {...picker('assignee')}
      >
        <CardAssignee person={task.assigneeId} />
      </TaskAssigneePicker>
    ) : undefined;
  return (
    <BoardCardView
      priority={priority}
      assignee={assignee}
      ref={setNodeRef}
      task={task}
      href={paths.task.href(projectId, featureId, task._id)}
      place={{ projectId, featureId }}
      handle={handle}
      menu={menu}
      isPlaceholder={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(canMove && 'touch-manipulation')}
      {...(canMove ? listeners : {})}
    />
  );
}
