import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspacesResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Workspaces the caller owns or holds a project membership in, oldest first. */
export async function getWorkspaces(signal?: AbortSignal) {
  const response = await api.get('/api/v1/workspaces', workspacesResponseSchema, signal);
  return response.data;
}

export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workspaces(), queryFn: ({ signal }) => getWorkspaces(signal) });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}
