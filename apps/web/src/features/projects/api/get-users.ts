import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The people who share a workspace or project with the caller (the caller included), by full
 * name: whom the add-member picker offers without a lookup. The server lists nobody else.
 */
export async function getUsers(signal?: AbortSignal) {
  const response = await callApi(operations.users.list, { signal });
  return response.data;
}

export const usersQueryOptions = () => queryOptions({ queryKey: queryKeys.sharedUsers(), queryFn: ({ signal }) => getUsers(signal) });

export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
