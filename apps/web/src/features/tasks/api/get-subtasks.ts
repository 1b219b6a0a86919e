import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/{taskId}/subtasks: the task's subtasks in their order (decision 033). */
export async function getSubtasks(taskId: string, signal?: AbortSignal) {
  const response = await callApi(operations.subtasks.list, { params: { taskId }, signal });
  return response.data;
}

export const subtasksQueryOptions = (taskId: string) =>
  queryOptions({ queryKey: queryKeys.subtasks(taskId), queryFn: ({ signal }) => getSubtasks(taskId, signal) });

export function useSubtasks(taskId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...subtasksQueryOptions(taskId), enabled: options.enabled });
}
