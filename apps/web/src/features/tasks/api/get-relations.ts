import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/{taskId}/relations: the task's relations, each from its side, oldest first. */
export async function getRelations(taskId: string, signal?: AbortSignal) {
  const response = await callApi(operations.relations.list, { params: { taskId }, signal });
  return response.data;
}

export const relationsQueryOptions = (taskId: string) =>
  queryOptions({ queryKey: queryKeys.taskRelations(taskId), queryFn: ({ signal }) => getRelations(taskId, signal) });

export function useRelations(taskId: string) {
  return useQuery(relationsQueryOptions(taskId));
}
