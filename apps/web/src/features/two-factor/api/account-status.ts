import { useQuery } from '@tanstack/react-query';
import type { Me, Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The signed-in account's two-factor state, read from the one cached GET /users/me (the key the
 * session uses; a feature never imports another, so its fetcher is restated here, same call,
 * same answer).
 */
async function getAccount(signal?: AbortSignal): Promise<Me | null> {
  const response = await callApi(unparsed<Operations['users']['me']>(operationRoutes.users.me), { signal });
  return response.data;
}

const hasAccountFields = (data: unknown): data is Me => typeof (data as Partial<Me> | null | undefined)?.twoFactorEnabled === 'boolean';

export function useTwoFactorStatus() {
  const query = useQuery({
    queryKey: queryKeys.me(),
    queryFn: ({ signal }) => getAccount(signal),
    // A sign-in puts the user of its answer in the cache, without the account's own fields:
    // then (only then) this asks the server once more.
    refetchOnMount: (cached) => (hasAccountFields(cached.state.data) ? false : 'always'),
  });
  const account = query.data;
  const isKnown = hasAccountFields(account);
  return { isEnabled: isKnown && account.twoFactorEnabled, accountId: account?._id, isLoading: !isKnown && !query.isError, query };
}
