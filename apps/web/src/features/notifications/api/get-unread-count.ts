import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/notifications/unread-count: the bell's number. Named by its route alone (no zod):
 * the bell is on every signed-in screen, the first one included.
 */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const response = await callApi(unparsed<Operations['notifications']['unreadCount']>(operationRoutes.notifications.unreadCount), { signal });
  return response.data.count;
}

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.unreadNotificationCount(), queryFn: ({ signal }) => getUnreadCount(signal) });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
