import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/projects/{projectId}/members: who a task may be assigned to. */
export async function getProjectMembers(projectId: string, signal?: AbortSignal) {
  const response = await callApi(operations.members.list, { params: { projectId }, signal });
  return response.data;
}

export const projectMembersQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.projectMembers(projectId), queryFn: ({ signal }) => getProjectMembers(projectId, signal) });

export function useProjectMembers(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectMembersQueryOptions(projectId), enabled });
}
