import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/categories?type=TODO: the categories a todo can be filed under (the categories
 * screen creates only TODO ones). The todos feature reads them itself rather than importing
 * the categories feature.
 */
export async function getTodoCategories(signal?: AbortSignal) {
  const response = await callApi(operations.categories.list, { query: { type: 'TODO' }, signal });
  return response.categories;
}

export const todoCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.todoCategories(), queryFn: ({ signal }) => getTodoCategories(signal) });

export function useTodoCategories() {
  return useQuery(todoCategoriesQueryOptions());
}
