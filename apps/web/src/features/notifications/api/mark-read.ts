import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

/** PUT /api/v1/notifications/{id}/read. */
export async function markNotificationRead(notificationId: string) {
  return (await callApi(operations.notifications.markRead, { params: { notificationId } })).data;
}

/** PUT /api/v1/notifications/read-all. */
export async function markAllNotificationsRead() {
  return (await callApi(operations.notifications.markAllRead)).data;
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_data, notificationId) => markStale(queryClient, [{ type: 'notification.read', entityId: notificationId }]),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => markStale(queryClient, [{ type: 'notification.read', entityId: 'all' }]),
  });
}
