import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/features/{id}?projectId=: one feature (404 when it is not the project's, or not yours to see). */
export async function getFeature(projectId: string, featureId: string, signal?: AbortSignal) {
  const response = await callApi(operations.features.get, { params: { id: featureId }, query: { projectId }, signal });
  return response.data;
}

export const featureQueryOptions = (projectId: string, featureId: string) =>
  queryOptions({ queryKey: queryKeys.feature(projectId, featureId), queryFn: ({ signal }) => getFeature(projectId, featureId, signal) });

export function useFeature(projectId: string, featureId: string) {
  return useQuery(featureQueryOptions(projectId, featureId));
}
