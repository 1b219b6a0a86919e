import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type DisableTwoFactorBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

/** DELETE /api/v1/users/me/2fa with the account's password. */
export async function disableTwoFactor(body: DisableTwoFactorBody) {
  await callApi(operations.twoFactor.disable, { body });
}

export function useDisableTwoFactor(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => markStale(queryClient, [{ type: 'account.updated', entityId: accountId ?? '' }]),
  });
}
