import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/projects/{projectId}: the project view (members only; 404 for anyone else). */
export async function getProject(projectId: string, signal?: AbortSignal) {
  const response = await callApi(operations.projects.get, { params: { projectId }, signal });
  return response.data;
}

export const projectQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.project(projectId), queryFn: ({ signal }) => getProject(projectId, signal) });

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
