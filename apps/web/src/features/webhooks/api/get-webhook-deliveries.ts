import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET .../webhooks/{webhookId}/deliveries: its newest 100 deliveries, newest first. */
export async function getWebhookDeliveries(projectId: string, webhookId: string, signal?: AbortSignal) {
  return (await callApi(operations.webhooks.listDeliveries, { params: { projectId, webhookId }, signal })).data;
}

/** While a delivery is pending the list looks again every few seconds, so its outcome shows without a reload. */
export const webhookDeliveriesQueryOptions = (projectId: string, webhookId: string) =>
  queryOptions({
    queryKey: queryKeys.webhookDeliveries(projectId, webhookId),
    queryFn: ({ signal }) => getWebhookDeliveries(projectId, webhookId, signal),
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'PENDING') ? 2_000 : false),
  });

export function useWebhookDeliveries(projectId: string, webhookId: string) {
  return useQuery(webhookDeliveriesQueryOptions(projectId, webhookId));
}
