import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListLayout, Me, UserPreferences } from '@tasklane/contract';
import { useCallback, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { callApi } from './api-client';
import { errorMessage } from './errors';
import { loadOperations } from './load-operations';
import { queryKeys } from './query-keys';

export type LayoutPreference = 'todosLayout' | 'tasksLayout';

// The contract's defaults, written here: importing them would bring its schemas (zod) into the
// first screen's script.
const defaultUserPreferences: UserPreferences = { todosLayout: 'cards', tasksLayout: 'cards' };

/** The signed-in user as the session query holds them (the guard has loaded it): read, never fetched here. */
export function useCachedMe(): Me | null | undefined {
  const queryClient = useQueryClient();
  const meHash = hashKey(queryKeys.me());
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe((event) => event.query.queryHash === meHash && onChange()),
    [queryClient, meHash],
  );
  return useSyncExternalStore(subscribe, () => queryClient.getQueryData<Me | null>(queryKeys.me()));
}

/**
 * A screen's layout, Cards or List (issue 18), remembered per person on the server: read from
 * GET /users/me (which the first screen loads anyway, so no request is added), changed at once
 * on screen and saved with PUT /users/me; put back, with a toast, if the save fails.
 */
export function useListLayout(preference: LayoutPreference): [ListLayout, (layout: ListLayout) => void] {
  const queryClient = useQueryClient();
  const me = useCachedMe();
  const layout = me?.preferences?.[preference] ?? defaultUserPreferences[preference];
  const { mutate } = useMutation({
    mutationFn: async (next: ListLayout) => {
      const operations = await loadOperations();
      return (await callApi(operations.account.updateProfile, { body: { preferences: { [preference]: next } } })).data;
    },
    onMutate(next) {
      const previous = queryClient.getQueryData<Me | null>(queryKeys.me());
      if (previous) queryClient.setQueryData<Me>(queryKeys.me(), { ...previous, preferences: { ...defaultUserPreferences, ...previous.preferences, [preference]: next } });
      return { previous };
    },
    onError(error, _next, context) {
      if (context?.previous) queryClient.setQueryData(queryKeys.me(), context.previous);
      toast.error(errorMessage(error, 'Failed to save the layout'));
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.me(), saved),
  });
  return [layout, mutate];
}
