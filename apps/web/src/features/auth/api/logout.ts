import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { removeCachedData } from './session';

export function logout() {
  return api.post<MessageResponse>('/api/v1/auth/logout', undefined);
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
