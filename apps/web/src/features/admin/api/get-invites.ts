import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/admin/invites: newest first, with their status (never their links). */
export async function getInvites(signal?: AbortSignal) {
  return (await callApi(operations.admin.listInvites, { signal })).data;
}

export const invitesQueryOptions = () => queryOptions({ queryKey: queryKeys.adminInvites(), queryFn: ({ signal }) => getInvites(signal) });

export function useInvites() {
  return useQuery(invitesQueryOptions());
}
