import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { callApi } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/v1/admin/invites/{id}. */
export function revokeInvite(id: string) {
  return callApi(operations.admin.revokeInvite, { params: { id } });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => void toast.success('Invite revoked: its link no longer works'),
    onError: (error) => void toast.error(errorMessage(error, 'Failed to revoke the invite')),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.adminInvites() }),
  });
}
