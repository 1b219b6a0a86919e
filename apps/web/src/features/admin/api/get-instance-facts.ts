import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/admin/instance. */
export async function getInstanceFacts(signal?: AbortSignal) {
  return (await callApi(operations.admin.instance, { signal })).data;
}

export const instanceFactsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.adminInstance(), queryFn: ({ signal }) => getInstanceFacts(signal) });

export function useInstanceFacts() {
  return useQuery(instanceFactsQueryOptions());
}
