import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tasksResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { toQueryString } from '@/lib/list-query';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks?featureId=: one page of a feature's tasks, with the feature's statistics. */
export function getTasks(featureId: string, query: Record<string, string>, signal?: AbortSignal) {
  return api.get(`/api/v1/tasks${toQueryString({ featureId, ...query })}`, tasksResponseSchema, signal);
}

export const tasksQueryOptions = (projectId: string, featureId: string, query: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.taskList(projectId, featureId, query),
    queryFn: ({ signal }) => getTasks(featureId, query, signal),
  });

/** While another page or filter loads, the previous page stays on screen (`isPlaceholderData`). */
export function useTasks(projectId: string, featureId: string, query: Record<string, string>) {
  return useQuery({ ...tasksQueryOptions(projectId, featureId, query), placeholderData: keepPreviousData });
}
