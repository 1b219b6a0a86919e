import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/{taskId}?projectId=: the task with its history (newest first) and the caller's role. */
export async function getTask(projectId: string, taskId: string, signal?: AbortSignal) {
  const response = await callApi(operations.tasks.get, { params: { taskId }, query: { projectId }, signal });
  return response.data;
}

/** Keyed by the task alone (its project only says where to look): one answer whichever route shows it. */
export const taskQueryOptions = (projectId: string, taskId: string) =>
  queryOptions({ queryKey: queryKeys.task(taskId), queryFn: ({ signal }) => getTask(projectId, taskId, signal) });

export function useTask(projectId: string, taskId: string) {
  return useQuery(taskQueryOptions(projectId, taskId));
}
