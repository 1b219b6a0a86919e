import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type DeleteAccountBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/v1/users/me with the password. */
export async function deleteAccount(body: DeleteAccountBody) {
  return callApi(operations.account.deleteAccount, { body });
}

/** Deletes the account; once it is gone, every cached answer goes and the session is none. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess() {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me()[0] });
      queryClient.setQueryData(queryKeys.me(), null);
    },
  });
}
