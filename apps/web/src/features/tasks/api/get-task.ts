import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/{taskId}?projectId=: the task with its history (newest first) and the caller's role. */
export async function getTask(projectId: string, taskId: string, signal?: AbortSignal) {
  const response = await callApi(operations.tasks.get, { params: { taskId }, query: { projectId }, signal });
  return response.data;
}

/** Keyed under the feature of the route it was opened from. */
export const taskQueryOptions = (projectId: string, featureId: string, taskId: string) =>
  queryOptions({ queryKey: queryKeys.task(projectId, featureId, taskId), queryFn: ({ signal }) => getTask(projectId, taskId, signal) });

export function useTask(projectId: string, featureId: string, taskId: string) {
  return useQuery(taskQueryOptions(projectId, featureId, taskId));
}
