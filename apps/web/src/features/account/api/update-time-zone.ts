import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@tasklane/contract';
import { queryKeys } from '@/lib/query-keys';
import { updateProfile } from './update-profile';

/**
 * PUT /api/v1/users/me with the time zone alone. Only the session's answer changes, and only its
 * zone: a profile save answered meanwhile keeps its fields (the automatic save may cross it).
 * Nothing else on screen shows the zone, so no other query is refetched (unlike a profile change),
 * but My day, whose "today" is taken in it.
 */
export async function updateTimeZone(queryClient: QueryClient, timeZone: string): Promise<Me> {
  const me = await updateProfile({ timeZone });
  queryClient.setQueryData<Me | null>(queryKeys.me(), (current) => (current ? { ...current, timeZone: me.timeZone } : me));
  // My day's "today" is the zone's date (decision 037).
  void queryClient.invalidateQueries({ queryKey: queryKeys.today() });
  return me;
}

export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (timeZone: string) => updateTimeZone(queryClient, timeZone) });
}
