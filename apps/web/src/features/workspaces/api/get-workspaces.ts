import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Workspaces the caller owns or holds a project membership in, oldest first. */
export async function getWorkspaces(signal?: AbortSignal) {
  const response = await callApi(operations.workspaces.list, { signal });
  return response.data;
}

export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workspaces(), queryFn: ({ signal }) => getWorkspaces(signal) });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}
