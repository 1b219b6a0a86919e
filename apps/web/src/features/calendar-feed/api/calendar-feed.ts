import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/users/me/calendar-feed: the caller's feed URL (made on first ask). */
export async function getCalendarFeed(signal?: AbortSignal) {
  return (await callApi(operations.calendarFeed.get, { signal })).data;
}

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.calendarFeed(), queryFn: ({ signal }) => getCalendarFeed(signal), staleTime: Infinity });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** POST /api/v1/users/me/calendar-feed/reset: a new URL; the old one answers 404 from then on. */
export async function resetCalendarFeed() {
  return (await callApi(operations.calendarFeed.reset, {})).data;
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(queryKeys.calendarFeed(), feed),
  });
}
