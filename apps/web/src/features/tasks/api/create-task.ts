import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CreateTaskBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { markStale, taskChange } from '@/lib/stale-queries';

/** POST /api/v1/tasks. */
export async function createTask(body: CreateTaskBody) {
  const response = await callApi(operations.tasks.create, { body });
  return response.data;
}

export function useCreateTask({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: (task) => markStale(queryClient, [taskChange('task.created', task)], { currentUserId }),
  });
}
