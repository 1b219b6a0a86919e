import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { removeCachedData } from './session';

export function logout() {
  return callApi(unparsed<Operations['auth']['logout']>(operationRoutes.auth.logout));
}

/** Signs out; whatever the server says, the local session and every cached answer are dropped. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled() {
      removeCachedData(queryClient);
      queryClient.setQueryData(queryKeys.me(), null);
    },
  });
}
