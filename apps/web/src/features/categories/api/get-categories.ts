import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { categoriesPath, type CategoryFilter } from '../lib/category-filter';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/categories/all, or GET /api/v1/categories?type= for one type. */
export async function getCategories(filter: CategoryFilter, signal?: AbortSignal) {
  const response = await api.get(categoriesPath(filter), categoriesResponseSchema, signal);
  return response.categories;
}

export const categoriesQueryOptions = (filter: CategoryFilter) =>
  queryOptions({ queryKey: queryKeys.categoryList(filter), queryFn: ({ signal }) => getCategories(filter, signal) });

export function useCategories(filter: CategoryFilter) {
  return useQuery({ ...categoriesQueryOptions(filter), placeholderData: keepPreviousData });
}
