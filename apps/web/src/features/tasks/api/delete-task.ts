import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Task } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, taskChange } from '@/lib/stale-queries';

/** DELETE /api/v1/tasks/{taskId} (its comments and history go with it). */
export function deleteTask(task: Pick<Task, '_id'>) {
  return callApi(operations.tasks.delete, { params: { taskId: task._id } });
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
