import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks?featureId=: one page of a feature's tasks, with the feature's statistics. */
export function getTasks(featureId: string, query: Record<string, string>, signal?: AbortSignal) {
  return callApi(operations.tasks.list, { query: { featureId, ...query }, signal });
}

export const tasksQueryOptions = (projectId: string, featureId: string, query: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.taskList(projectId, featureId, query),
    queryFn: ({ signal }) => getTasks(featureId, query, signal),
  });

/** While another page or filter loads, the previous page stays on screen (`isPlaceholderData`). */
export function useTasks(projectId: string, featureId: string, query: Record<string, string>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...tasksQueryOptions(projectId, featureId, query), placeholderData: keepPreviousData, enabled: options.enabled });
}
