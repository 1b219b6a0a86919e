import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations, type User } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { UserLookup } from '../lib/user-lookup';

/** The one user with exactly this email or username, whoever they are, or null. */
export async function findUser(lookup: UserLookup, signal?: AbortSignal): Promise<User | null> {
  const response = await callApi(operations.users.list, { query: lookup, signal });
  return response.data[0] ?? null;
}

export const findUserQueryOptions = (lookup: UserLookup) =>
  queryOptions({ queryKey: queryKeys.userLookup(lookup), queryFn: ({ signal }) => findUser(lookup, signal), staleTime: 0 });

/** Runs the lookup once one is given (null: nothing asked yet). */
export function useFindUser(lookup: UserLookup | null) {
  return useQuery({ ...findUserQueryOptions(lookup ?? { username: '' }), enabled: lookup !== null });
}
