import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type TaskDetail, type UpdateTaskBody } from '@tasklane/contract';
import { callApi, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterTaskChange } from './task-cache';

export interface UpdateTaskInput {
  task: TaskDetail;
  body: UpdateTaskBody;
  /** The feature of the route the task was opened from: its answer's key. */
  routeFeatureId: string;
}

/** PUT /api/v1/tasks/{taskId}: the fields that changed and the version read. */
export async function updateTask({ task, body }: UpdateTaskInput) {
  const response = await callApi(operations.tasks.update, { params: { taskId: task._id }, body });
  return response.data;
}

/**
 * The task's answer is replaced by the server's (with its new history entries); lists, numbers
 * and /tasks as refreshAfterTaskChange says. A 409 (changed by someone else) or 404 refetches
 * the task, so the screen shows the latest version.
 */
export function useUpdateTask({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess(updated, { task, routeFeatureId }) {
      queryClient.setQueryData(queryKeys.task(task.projectId._id, routeFeatureId, task._id), updated);
      return refreshAfterTaskChange(queryClient, { before: task, after: updated, currentUserId });
    },
    onError(error, { task, routeFeatureId }) {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.task(task.projectId._id, routeFeatureId, task._id) });
      }
    },
  });
}
