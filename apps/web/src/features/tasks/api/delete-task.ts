import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Task } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, taskChange } from '@/lib/stale-queries';

/** What becomes of a parent's subtasks (decision 033): kept as tasks (the server's default) or deleted too. */
export type SubtaskFate = 'keep' | 'delete';

/** DELETE /api/v1/tasks/{taskId} (its comments and history go with it; its subtasks as `subtasks` says). */
export function deleteTask(task: Pick<Task, '_id'>, subtasks?: SubtaskFate) {
  return callApi(operations.tasks.delete, { params: { taskId: task._id }, query: subtasks ? { subtasks } : {} });
}

export function useDeleteTask({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Task | { task: Task; subtasks: SubtaskFate }) => ('task' in input ? deleteTask(input.task, input.subtasks) : deleteTask(input)),
    onSuccess(_response, input) {
      const task = 'task' in input ? input.task : input;
      queryClient.removeQueries({ queryKey: queryKeys.task(task._id) });
      queryClient.removeQueries({ queryKey: queryKeys.comments(task._id) });
      return markStale(queryClient, [taskChange('task.deleted', task)], { currentUserId });
    },
  });
}
