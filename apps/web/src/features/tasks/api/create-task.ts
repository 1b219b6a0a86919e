import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskResponseSchema, type CreateTaskBody } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { markStale, taskChange } from '@/lib/stale-queries';

/** POST /api/v1/tasks. */
export async function createTask(body: CreateTaskBody) {
  const response = await api.post('/api/v1/tasks', body, taskResponseSchema);
  return response.data;
}

export function useCreateTask({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: (task) => markStale(queryClient, [taskChange('task.created', task)], { currentUserId }),
  });
}
