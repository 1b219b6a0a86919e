import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operations, type UpdateNotificationSettingsBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './account-cache';

/** GET /api/v1/users/me/notification-settings. */
export async function getNotificationSettings(signal?: AbortSignal) {
  return (await callApi(operations.notificationSettings.get, { signal })).data;
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.notificationSettings(), queryFn: ({ signal }) => getNotificationSettings(signal) });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** PUT /api/v1/users/me/notification-settings: the kinds named change, the others stay. */
export async function updateNotificationSettings(body: UpdateNotificationSettingsBody) {
  return (await callApi(operations.notificationSettings.update, { body })).data;
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(accountKeys.notificationSettings(), settings),
  });
}
