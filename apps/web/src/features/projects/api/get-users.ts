import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every user, by full name: the people the add-member picker offers. */
export async function getUsers(signal?: AbortSignal) {
  const response = await api.get('/api/v1/users', usersResponseSchema, signal);
  return response.data;
}

export const usersQueryOptions = () => queryOptions({ queryKey: queryKeys.users(), queryFn: ({ signal }) => getUsers(signal) });

export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
