import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/auth/registration: who may register here, and (with `invite`) what that invite is worth. */
export async function getRegistration(invite: string | null, signal?: AbortSignal) {
  const response = await callApi(operations.auth.registration, { query: invite ? { invite } : {}, signal });
  return response.data;
}

export const registrationQueryOptions = (invite: string | null) =>
  queryOptions({ queryKey: queryKeys.registration(invite), queryFn: ({ signal }) => getRegistration(invite, signal), staleTime: 30_000 });

export function useRegistration(invite: string | null) {
  return useQuery(registrationQueryOptions(invite));
}
