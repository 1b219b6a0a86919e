import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/projects/{projectId}/members: who a task may be assigned to. */
export async function getProjectMembers(projectId: string, signal?: AbortSignal) {
  const response = await api.get(`/api/v1/projects/${encodeURIComponent(projectId)}/members`, membersResponseSchema, signal);
  return response.data;
}

export const projectMembersQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.projectMembers(projectId), queryFn: ({ signal }) => getProjectMembers(projectId, signal) });

export function useProjectMembers(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectMembersQueryOptions(projectId), enabled });
}
