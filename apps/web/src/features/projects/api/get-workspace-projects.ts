import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A workspace's projects: all of them for its owner, else those the caller is a member of. */
export async function getWorkspaceProjects(workspaceId: string, signal?: AbortSignal) {
  const response = await callApi(operations.workspaces.listProjects, { params: { id: workspaceId }, signal });
  return response.data.projects;
}

export const workspaceProjectsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceProjects(workspaceId),
    queryFn: ({ signal }) => getWorkspaceProjects(workspaceId, signal),
  });

export function useWorkspaceProjects(workspaceId: string) {
  return useQuery(workspaceProjectsQueryOptions(workspaceId));
}
