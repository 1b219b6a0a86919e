import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The projects the caller is a member of, with their role, progress and statistics. */
export async function getMyProjects(signal?: AbortSignal) {
  const response = await callApi(operations.projects.listMine, { signal });
  return response.data;
}

export const myProjectsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myProjects(), queryFn: ({ signal }) => getMyProjects(signal) });

export function useMyProjects() {
  return useQuery(myProjectsQueryOptions());
}
