import { queryOptions, useQuery } from '@tanstack/react-query';
import { featureResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { toQueryString } from '@/lib/list-query';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/features/{id}?projectId=: one feature (404 when it is not the project's, or not yours to see). */
export async function getFeature(projectId: string, featureId: string, signal?: AbortSignal) {
  const response = await api.get(`/api/v1/features/${encodeURIComponent(featureId)}${toQueryString({ projectId })}`, featureResponseSchema, signal);
  return response.data;
}

export const featureQueryOptions = (projectId: string, featureId: string) =>
  queryOptions({ queryKey: queryKeys.feature(projectId, featureId), queryFn: ({ signal }) => getFeature(projectId, featureId, signal) });

export function useFeature(projectId: string, featureId: string) {
  return useQuery(featureQueryOptions(projectId, featureId));
}
