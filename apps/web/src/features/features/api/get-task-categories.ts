import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/categories?type=TASK: the caller's task categories, which a feature's default
 * category is chosen from (decision 032). The same call, key and answer as the tasks feature's
 * (a feature never imports another).
 */
async function getTaskCategories(signal?: AbortSignal) {
  const response = await callApi(unparsed<Operations['categories']['list']>(operationRoutes.categories.list), { query: { type: 'TASK' }, signal });
  return response.categories;
}

export function useTaskCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...queryOptions({ queryKey: queryKeys.taskCategories(), queryFn: ({ signal }) => getTaskCategories(signal) }), enabled });
}
