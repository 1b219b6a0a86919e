import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What an email's unsubscribe link turns off (changes nothing; no session needed). */
export async function getUnsubscribeInfo(token: string, signal?: AbortSignal) {
  const response = await callApi(unparsed<Operations['notificationSettings']['unsubscribeInfo']>(operationRoutes.notificationSettings.unsubscribeInfo), {
    query: { token },
    signal,
  });
  return response.data;
}

export const unsubscribeInfoQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.unsubscribe(token), queryFn: ({ signal }) => getUnsubscribeInfo(token, signal), retry: false });

export function useUnsubscribeInfo(token: string) {
  return useQuery({ ...unsubscribeInfoQueryOptions(token), enabled: token.length > 0 });
}

/** Turns the link's kinds to in-app only (the same POST a mail provider's one-click sends). */
export async function unsubscribe(token: string) {
  return callApi(unparsed<Operations['notificationSettings']['unsubscribe']>(operationRoutes.notificationSettings.unsubscribe), { query: { token } });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.unsubscribe(token), answer.data),
  });
}
