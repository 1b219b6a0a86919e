import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type ConfirmTwoFactorBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

/** POST /api/v1/users/me/2fa/confirm: turns it on; the recovery codes come back this once. */
export async function confirmTwoFactor(body: ConfirmTwoFactorBody) {
  const response = await callApi(operations.twoFactor.confirm, { body });
  return response.data.recoveryCodes;
}

export function useConfirmTwoFactor(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => markStale(queryClient, [{ type: 'account.updated', entityId: accountId ?? '' }]),
  });
}
