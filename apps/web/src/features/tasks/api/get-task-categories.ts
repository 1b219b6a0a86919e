import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/categories?type=TASK: the categories a task can be filed under. The same call and
 * key as the categories screen's 'Tasks' filter, so a category created there shows up here.
 */
export async function getTaskCategories(signal?: AbortSignal) {
  const response = await callApi(operations.categories.list, { query: { type: 'TASK' }, signal });
  return response.categories;
}

export const taskCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.taskCategories(), queryFn: ({ signal }) => getTaskCategories(signal) });

export function useTaskCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...taskCategoriesQueryOptions(), enabled });
}
