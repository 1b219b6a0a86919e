import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQueryClient } from '@tanstack/react-query';
import type { Task, TaskDetail } from '@tasklane/contract';
import { ArrowDown, ArrowUp, GripVertical, ListChecks, Plus } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { TaskStatusBadge } from '@/components/domain/enum-badges';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { cardClassName } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useCreateTask } from '../api/create-task';
import { useSubtasks } from '../api/get-subtasks';
import { useReorderSubtasks } from '../api/reorder-subtasks';
import { useUpdateTask } from '../api/update-task';
import { subtaskProgressText } from './subtask-badges';
import { TaskKey } from './task-key';

const screenReaderInstructions = {
  draggable:
    'To reorder a subtask, focus its handle and press Space or Enter. Use the up and down arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.',
};

export interface SubtasksPanelProps {
  /** A top-level task (a subtask has no subtasks of its own). */
  task: TaskDetail;
  currentUserId: string | undefined;
}

/**
 * A task's subtasks on its detail page (decision 033): '3 of 5 done', the list with each one's
 * status and assignee and a tick to complete it, in an order changed by drag (mouse, touch,
 * keyboard) or by the Move up / Move down buttons, and a field to add one with just a title.
 */
export function SubtasksPanel({ task, currentUserId }: SubtasksPanelProps) {
  const canEdit = task.abilities.canEdit;
  const subtasksQuery = useSubtasks(task._id);
  const createMutation = useCreateTask({ currentUserId });
  const updateMutation = useUpdateTask({ currentUserId });
  const reorderMutation = useReorderSubtasks({ currentUserId });
  const [title, setTitle] = useState('');
  const queryClient = useQueryClient();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // While a tick is being saved, its subtask shows the status it asked for. Held in the
  // component's own state, set in the click's handler, so the box is ticked in the same render as
  // the click (the query cache tells its readers a moment later, after React has put a controlled
  // box back as it was); and a read of the list that answers before the save (one a live event
  // asked for) cannot untick it.
  const [ticking, setTicking] = useState<{ id: string; status: 'COMPLETED' | 'TODO' } | undefined>();
  const subtasks = useMemo(() => {
    const list = subtasksQuery.data;
    if (!list || !ticking) return list;
    return list.map((item) => (item._id === ticking.id ? { ...item, status: ticking.status } : item));
  }, [subtasksQuery.data, ticking]);
  // The list, once read, is the freshest count (a tick shows at once); until then the task's own.
  const progress = subtasks
    ? { total: subtasks.length, completed: subtasks.filter((subtask) => subtask.status === 'COMPLETED').length }
    : task.subtasks;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    createMutation.mutate(
      { title: trimmed, parentTaskId: task._id },
      {
        onSuccess: () => setTitle(''),
        onError: (error) => void toast.error(errorMessage(error, 'Failed to create task')),
      },
    );
  };

  // The tick shows at once; a refusal puts the list back as the server has it.
  const toggle = (subtask: Task) => {
    const status = subtask.status === 'COMPLETED' ? 'TODO' : 'COMPLETED';
    const key = queryKeys.subtasks(task._id);
    const tick = { id: subtask._id, status } as const;
    setTicking(tick);
    // A read of the list still on its way (the one a subtask just added asked for) would answer
    // the old status; the save's success reads the list again.
    void queryClient.cancelQueries({ queryKey: key });
    updateMutation.mutate(
      { task: subtask, body: { status, version: subtask.version } },
      {
        onSuccess(saved) {
          queryClient.setQueryData<Task[]>(key, (list) =>
            list?.map((item) => (item._id === saved._id ? { ...item, status: saved.status, version: saved.version } : item)),
          );
        },
        onSettled: () => setTicking((current) => (current === tick ? undefined : current)),
        onError(error) {
          toast.error(errorMessage(error, 'Failed to update task'));
          void queryClient.invalidateQueries({ queryKey: key });
        },
      },
    );
  };

  const reorder = (next: Task[]) =>
    reorderMutation.mutate(
      { parent: task, subtasks: next },
      { onError: (error) => void toast.error(errorMessage(error, 'Failed to reorder subtasks')) },
    );
  const move = (from: number, to: number) => subtasks && to >= 0 && to < subtasks.length && reorder(arrayMove(subtasks, from, to));

  const titleOf = (id: string | number) => subtasks?.find((subtask) => subtask._id === id)?.title ?? 'The subtask';
  const positionOf = (id: string | number) => `position ${(subtasks?.findIndex((subtask) => subtask._id === id) ?? 0) + 1} of ${subtasks?.length ?? 0}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, at ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${positionOf(over.id)}.` : `${titleOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} was dropped at ${positionOf(over.id)}.` : `${titleOf(active.id)} was put back.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!subtasks || !over || active.id === over.id) return;
    const from = subtasks.findIndex((subtask) => subtask._id === active.id);
    const to = subtasks.findIndex((subtask) => subtask._id === over.id);
    if (from !== -1 && to !== -1) move(from, to);
  };

  return (
    <section aria-labelledby="subtasks-heading" className={cn(cardClassName, 'p-5')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subtasks-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          <ListChecks aria-hidden="true" className="size-4.5 text-slate-400" />
          Subtasks
        </h2>
        {progress.total > 0 && <span className="text-sm font-medium text-slate-600 dark:text-slate-300">{subtaskProgressText(progress)}</span>}
      </div>
      {progress.total > 0 && (
        <ProgressBar value={(progress.completed / progress.total) * 100} label="Subtasks done" className="mt-3 h-1.5" />
      )}

      {subtasksQuery.isError ? (
        <p className="mt-3 text-sm text-red-600 dark:text-red-400">
          {errorMessage(subtasksQuery.error, 'Failed to fetch subtasks')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void subtasksQuery.refetch()}>
            Try again
          </button>
        </p>
      ) : !subtasks ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Loading subtasks...</p>
      ) : subtasks.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No subtasks yet</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd} accessibility={{ announcements, screenReaderInstructions }}>
          <SortableContext items={subtasks.map((subtask) => subtask._id)} strategy={verticalListSortingStrategy}>
            <ol aria-label="Subtasks" className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
              {subtasks.map((subtask, index) => (
                <SubtaskRow
                  key={subtask._id}
                  subtask={subtask}
                  canEdit={canEdit && subtask.abilities.canEdit}
                  canReorder={canEdit && subtasks.length > 1}
                  isFirst={index === 0}
                  isLast={index === subtasks.length - 1}
                  isBusy={updateMutation.isPending && updateMutation.variables?.task._id === subtask._id}
                  onToggle={() => toggle(subtask)}
                  onMoveUp={() => move(index, index - 1)}
                  onMoveDown={() => move(index, index + 1)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}

      {canEdit && (
        <form onSubmit={add} className="mt-4 flex gap-2">
          <label htmlFor="new-subtask-title" className="sr-only">
            New subtask
          </label>
          <Input
            id="new-subtask-title"
            value={title}
            maxLength={200}
            placeholder="Add a subtask"
            onChange={(event) => setTitle(event.target.value)}
            disabled={createMutation.isPending}
          />
          <Button type="submit" variant="secondary" className="shrink-0 whitespace-nowrap" isLoading={createMutation.isPending} disabled={!title.trim()}>
            {!createMutation.isPending && <Plus aria-hidden="true" className="size-4" />}
            Add subtask
          </Button>
        </form>
      )}
    </section>
  );
}

interface SubtaskRowProps {
  subtask: Task;
  canEdit: boolean;
  canReorder: boolean;
  isFirst: boolean;
  isLast: boolean;
  isBusy: boolean;
  onToggle: () => void;
  onMoveUp: () => void;
  onMoveDown: () => void;
}

function SubtaskRow({ subtask, canEdit, canReorder, isFirst, isLast, isBusy, onToggle, onMoveUp, onMoveDown }: SubtaskRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: subtask._id, disabled: !canReorder });
  const isDone = subtask.status === 'COMPLETED';
  const href = paths.task.href(subtask.projectId._id, subtask.featureId._id, subtask._id);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('flex items-center gap-2 bg-white py-2 dark:bg-slate-900', isDragging && 'relative z-10 opacity-80 shadow-lg')}
      data-testid="subtask-row"
    >
      {canReorder && (
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${subtask.title}`}
          className="shrink-0 cursor-grab touch-manipulation rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 active:cursor-grabbing dark:text-slate-500 dark:hover:bg-slate-800 dark:hover:text-slate-200"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      )}
      <Checkbox
        checked={isDone}
        disabled={!canEdit || isBusy}
        onChange={onToggle}
        aria-label={isDone ? `Mark ${subtask.title} as not done` : `Complete ${subtask.title}`}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={href}
          className={cn(
            'block truncate rounded text-sm font-medium text-slate-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white dark:hover:text-indigo-400',
            isDone && 'text-slate-500 line-through dark:text-slate-400',
          )}
        >
          {subtask.title}
        </Link>
        <TaskKey taskKey={subtask.key} className="text-[11px]" />
      </div>
      <TaskStatusBadge status={subtask.status} />
      <span className="flex w-20 min-w-0 items-center gap-1.5 text-xs text-slate-600 sm:w-32 dark:text-slate-300">
        {subtask.assigneeId ? (
          <>
            <Avatar person={subtask.assigneeId} size="xs" />
            <span className="truncate">{subtask.assigneeId.fullName}</span>
          </>
        ) : (
          <span className="italic text-slate-500 dark:text-slate-400">Unassigned</span>
        )}
      </span>
      {canReorder && (
        <span className="flex shrink-0">
          <IconButton label={`Move ${subtask.title} up`} tooltip="Move up" icon={<ArrowUp aria-hidden="true" className="size-3.5" />} className="size-7" disabled={isFirst} onClick={onMoveUp} />
          <IconButton label={`Move ${subtask.title} down`} tooltip="Move down" icon={<ArrowDown aria-hidden="true" className="size-3.5" />} className="size-7" disabled={isLast} onClick={onMoveDown} />
        </span>
      )}
    </li>
  );
}
