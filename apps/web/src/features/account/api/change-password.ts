import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type ChangePasswordBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './account-cache';

/** PUT /api/v1/users/me/password: every other session of the account ends. */
export async function changePassword(body: ChangePasswordBody) {
  return callApi(operations.account.changePassword, { body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }) });
}
