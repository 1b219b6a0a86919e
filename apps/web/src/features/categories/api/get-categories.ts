import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import type { CategoryFilter } from '../lib/category-filter';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/categories/all, or GET /api/v1/categories?type= for one type. */
export async function getCategories(filter: CategoryFilter, signal?: AbortSignal) {
  const response = await (filter === 'all'
    ? callApi(operations.categories.listAll, { signal })
    : callApi(operations.categories.list, { query: { type: filter }, signal }));
  return response.categories;
}

export const categoriesQueryOptions = (filter: CategoryFilter) =>
  queryOptions({ queryKey: queryKeys.categoryList(filter), queryFn: ({ signal }) => getCategories(filter, signal) });

export function useCategories(filter: CategoryFilter) {
  return useQuery({ ...categoriesQueryOptions(filter), placeholderData: keepPreviousData });
}
