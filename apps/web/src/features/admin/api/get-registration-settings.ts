import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/admin/settings. */
export async function getRegistrationSettings(signal?: AbortSignal) {
  return (await callApi(operations.admin.getSettings, { signal })).data;
}

export const registrationSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.adminSettings(), queryFn: ({ signal }) => getRegistrationSettings(signal) });

export function useRegistrationSettings() {
  return useQuery(registrationSettingsQueryOptions());
}
