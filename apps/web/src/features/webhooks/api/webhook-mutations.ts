import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { operations, type CreateWebhookInput, type UpdateWebhookInput } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The webhook operations of a project (issue 20). Webhooks are no live event's subject (only
 * the project's ADMINs see them, and only here), so each mutation refreshes the project's
 * webhooks (and deliveries, under them) itself.
 */
const refresh = (queryClient: QueryClient, projectId: string) => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(projectId) });

/** POST /api/v1/projects/{projectId}/webhooks: the answer carries the secret, this once. */
export function useCreateWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookInput) => (await callApi(operations.webhooks.create, { params: { projectId }, body })).data,
    onSuccess: () => refresh(queryClient, projectId),
  });
}

/** PUT .../webhooks/{webhookId}: its URL, events, or paused or active. */
export function useUpdateWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ webhookId, body }: { webhookId: string; body: UpdateWebhookInput }) =>
      (await callApi(operations.webhooks.update, { params: { projectId, webhookId }, body })).data,
    onSuccess: () => refresh(queryClient, projectId),
  });
}

/** DELETE .../webhooks/{webhookId}, with its deliveries. */
export function useDeleteWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (webhookId: string) => callApi(operations.webhooks.delete, { params: { projectId, webhookId } }),
    onSuccess: () => refresh(queryClient, projectId),
  });
}

/** POST .../webhooks/{webhookId}/rotate-secret: the new secret, this once. */
export function useRotateWebhookSecret(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (webhookId: string) => (await callApi(operations.webhooks.rotateSecret, { params: { projectId, webhookId } })).data,
    onSuccess: () => refresh(queryClient, projectId),
  });
}

/** POST .../webhooks/{webhookId}/test: a ping, queued; it shows in the deliveries. */
export function useTestWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (webhookId: string) => (await callApi(operations.webhooks.test, { params: { projectId, webhookId } })).data,
    onSuccess: (_delivery, webhookId) => queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(projectId, webhookId) }),
  });
}

/** POST .../deliveries/{deliveryId}/redeliver: the same payload again, queued. */
export function useRedeliver(projectId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) => (await callApi(operations.webhooks.redeliver, { params: { projectId, webhookId, deliveryId } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(projectId, webhookId) }),
  });
}
