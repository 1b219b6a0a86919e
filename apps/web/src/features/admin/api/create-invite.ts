import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CreateInviteBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/v1/admin/invites: the link is in this answer only. */
export async function createInvite(body: CreateInviteBody) {
  return (await callApi(operations.admin.createInvite, { body })).data;
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.adminInvites() }),
  });
}
