import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/projects/{projectId}/webhooks: the project's webhooks (project ADMINs). */
export async function getWebhooks(projectId: string, signal?: AbortSignal) {
  return (await callApi(operations.webhooks.list, { params: { projectId }, signal })).data;
}

export const webhooksQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.webhooks(projectId), queryFn: ({ signal }) => getWebhooks(projectId, signal) });

export function useWebhooks(projectId: string) {
  return useQuery(webhooksQueryOptions(projectId));
}
