import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type Task } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, taskChange } from '@/lib/stale-queries';

/** DELETE /api/v1/tasks/{taskId} (its comments and history go with it). */
export function deleteTask(task: Pick<Task, '_id'>) {
  return api.delete(`/api/v1/tasks/${encodeURIComponent(task._id)}`, messageResponseSchema);
}

export function useDeleteTask({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) => deleteTask(task),
    onSuccess(_response, task) {
      queryClient.removeQueries({ queryKey: queryKeys.task(task._id) });
      queryClient.removeQueries({ queryKey: queryKeys.comments(task._id) });
      return markStale(queryClient, [taskChange('task.deleted', task)], { currentUserId });
    },
  });
}
