import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CreateTaskBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { refreshAfterTaskChange } from './task-cache';

/** POST /api/v1/tasks. */
export async function createTask(body: CreateTaskBody) {
  const response = await callApi(operations.tasks.create, { body });
  return response.data;
}

export function useCreateTask({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: (task) => refreshAfterTaskChange(queryClient, { after: task, currentUserId }),
  });
}
