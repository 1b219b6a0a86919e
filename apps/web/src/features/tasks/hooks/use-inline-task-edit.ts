import { useQueryClient } from '@tanstack/react-query';
import type { UpdateTaskBody } from '@tasklane/contract';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { markStale, taskChange } from '@/lib/stale-queries';
import { useUpdateTask, type TaskRef } from '../api/update-task';

/** What a 409 says where a value was edited in place: nothing was overwritten, and the latest is on screen. */
export const INLINE_CONFLICT_MESSAGE = 'Not saved: someone else changed this task first. The latest version is now shown; pick again to change it.';

/**
 * A value of a task changed in place (issue 18: a picker on the detail page, a table row or a
 * board card), saved at once through PUT /tasks/{id} with the version the screen showed, as
 * Edit mode saves: the server writes the history, and a stale version is refused (409), never
 * overwritten. On a 409 everything showing the task is refetched, so the latest version
 * replaces the stale one, and the person is told their change was not saved.
 */
export function useInlineTaskEdit({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  const mutation = useUpdateTask({ currentUserId });
  const { mutate, isPending, variables } = mutation;
  const save = useCallback(
    (task: TaskRef & { version: number }, changes: Omit<UpdateTaskBody, 'version'>, options: { onSaved?: () => void } = {}) =>
      mutate(
      { task, body: { ...changes, version: task.version } },
      {
        onSuccess() {
          toast.success('Task updated successfully');
          options.onSaved?.();
        },
        onError(error) {
          if (isApiError(error) && error.status === 409) {
            toast.error(INLINE_CONFLICT_MESSAGE, { id: `task-conflict-${task._id}` });
            void markStale(queryClient, [taskChange('task.updated', task)], { currentUserId });
            return;
          }
          toast.error(errorMessage(error, 'Failed to update task'));
        },
      },
    ),
    [mutate, queryClient, currentUserId],
  );
  /** Whether a save of this task is on its way (its pickers are busy meanwhile). */
  const savingId = isPending ? variables?.task._id : undefined;
  const isSaving = useCallback((taskId: string) => savingId === taskId, [savingId]);
  return { save, isSaving };
}
