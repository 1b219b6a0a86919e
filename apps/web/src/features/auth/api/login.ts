import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { UNAUTHORIZED_IS_EXPECTED } from '@/lib/query-client';
import { startSession } from './session';

export async function login(body: LoginBody) {
  const response = await callApi(unparsed<Operations['auth']['login']>(operationRoutes.auth.login), { body });
  return response.data;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A wrong password answers 401: that is not a session that ended, so keep any current user.
    meta: { [UNAUTHORIZED_IS_EXPECTED]: true },
    onSuccess(answer) {
      // Two-factor sign-in: no session yet, the second step (login-second-step.ts) completes it.
      if ('twoFactorRequired' in answer) return;
      startSession(queryClient, answer);
    },
  });
}
