import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { featuresResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { toQueryString } from '@/lib/list-query';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/features?projectId=: one page of the project's features, with the totals. */
export function getFeatures(projectId: string, query: Record<string, string>, signal?: AbortSignal) {
  return api.get(`/api/v1/features${toQueryString({ projectId, ...query })}`, featuresResponseSchema, signal);
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
