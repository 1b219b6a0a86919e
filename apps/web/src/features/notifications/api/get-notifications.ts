import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations, type ListNotificationsQuery } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/notifications: a page of the caller's notifications, newest first. */
export function getNotifications(query: ListNotificationsQuery, signal?: AbortSignal) {
  return callApi(operations.notifications.list, { query, signal });
}

export const notificationsQueryOptions = (query: ListNotificationsQuery) =>
  queryOptions({
    queryKey: queryKeys.notificationList(query),
    queryFn: ({ signal }) => getNotifications(query, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(query: ListNotificationsQuery) {
  return useQuery(notificationsQueryOptions(query));
}
