import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations, type ListAdminUsersQuery } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/admin/users: a page of the instance's accounts, `search` over name, username and email. */
export function getAdminUsers(query: ListAdminUsersQuery, signal?: AbortSignal) {
  return callApi(operations.admin.listUsers, { query, signal });
}

export const adminUsersQueryOptions = (query: ListAdminUsersQuery) =>
  queryOptions({ queryKey: queryKeys.adminUsers(query), queryFn: ({ signal }) => getAdminUsers(query, signal) });

/** The page stays on screen (marked busy) while the next one loads. */
export function useAdminUsers(query: ListAdminUsersQuery) {
  return useQuery({ ...adminUsersQueryOptions(query), placeholderData: keepPreviousData });
}
