import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the sign-in screens offer on this instance: whether a forgotten password can be reset by email. */
export async function getAuthOptions(signal?: AbortSignal) {
  const response = await callApi(unparsed<Operations['auth']['options']>(operationRoutes.auth.options), { signal });
  return response.data;
}

export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.authOptions(),
    queryFn: ({ signal }) => getAuthOptions(signal),
    // A setting of the instance: it changes only when the server restarts with another configuration.
    staleTime: 5 * 60_000,
  });

export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions());
}
