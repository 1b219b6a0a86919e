import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/features?projectId=: one page of the project's features, with the totals. */
export function getFeatures(projectId: string, query: Record<string, string>, signal?: AbortSignal) {
  return callApi(operations.features.list, { query: { projectId, ...query }, signal });
}

export const featuresQueryOptions = (projectId: string, query: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.featureList(projectId, query),
    queryFn: ({ signal }) => getFeatures(projectId, query, signal),
  });

/** While another page or filter loads, the previous page stays on screen (`isPlaceholderData`). */
export function useFeatures(projectId: string, query: Record<string, string>) {
  return useQuery({ ...featuresQueryOptions(projectId, query), placeholderData: keepPreviousData });
}
