import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/categories?type=TODO: the categories a todo can be filed under (the categories
 * screen creates only TODO ones). The todos feature reads them itself rather than importing
 * the categories feature. Part of the dashboard's first screen: unparsed, like get-todos.ts,
 * and preloaded by the server.
 */
export async function getTodoCategories(signal?: AbortSignal) {
  const response = await callApi(unparsed<Operations['categories']['list']>(operationRoutes.categories.list), { query: { type: 'TODO' }, signal });
  return response.categories;
}

export const todoCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.todoCategories(), queryFn: ({ signal }) => getTodoCategories(signal) });

export function useTodoCategories() {
  return useQuery(todoCategoriesQueryOptions());
}
