import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Task } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, taskChange } from '@/lib/stale-queries';

export interface ReorderSubtasksInput {
  parent: Pick<Task, '_id' | 'projectId' | 'featureId'>;
  /** Every subtask, in the new order. */
  subtasks: Task[];
}

/** PUT /api/v1/tasks/{taskId}/subtasks/order. */
export function reorderSubtasks({ parent, subtasks }: ReorderSubtasksInput) {
  return callApi(operations.subtasks.reorder, { params: { taskId: parent._id }, body: { subtaskIds: subtasks.map((task) => task._id) } });
}

/**
 * The new order shows at once (a drag or a key press should not wait for the server); a refusal
 * (a subtask added or removed meanwhile: 409) puts the list back and reads it again.
 */
export function useReorderSubtasks({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderSubtasks,
    async onMutate({ parent, subtasks }) {
      const key = queryKeys.subtasks(parent._id);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Task[]>(key);
      queryClient.setQueryData<Task[]>(key, subtasks);
      return { before };
    },
    onError(_error, { parent }, context) {
      if (context?.before) queryClient.setQueryData(queryKeys.subtasks(parent._id), context.before);
    },
    onSettled: (_data, _error, { parent }) =>
      markStale(queryClient, [taskChange('task.updated', parent)], { currentUserId, fresh: [queryKeys.subtasks(parent._id)] }),
  });
}
