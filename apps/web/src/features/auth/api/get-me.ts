import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me, Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user. A 401 (no session) throws; the query client's 401 handler then sets null. */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  const response = await callApi(unparsed<Operations['users']['me']>(operationRoutes.users.me), { signal });
  return response.data;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    // Re-checked when the window regains focus, so a session ended elsewhere is noticed (and
    // any call answering 401 drops it). Not again each time a screen that shows the user
    // mounts: the first screen would ask twice (the guard, then the header).
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnMount: false,
  });

/** Session state (SPEC 4): loading until the first answer, then the user or null. */
export function useMe() {
  const query = useQuery(meQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending, query };
}
