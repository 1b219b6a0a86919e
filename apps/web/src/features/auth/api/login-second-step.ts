import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginSecondStepBody, Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { UNAUTHORIZED_IS_EXPECTED } from '@/lib/query-client';
import { startSession } from './session';

/** POST /api/v1/auth/login/2fa: the code (or a recovery code) that completes a two-factor sign-in. */
export async function completeLogin(body: LoginSecondStepBody) {
  const response = await callApi(unparsed<Operations['twoFactor']['completeLogin']>(operationRoutes.twoFactor.completeLogin), { body });
  return response.data;
}

export function useCompleteLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLogin,
    // A wrong code answers 401: not a session that ended.
    meta: { [UNAUTHORIZED_IS_EXPECTED]: true },
    onSuccess(user) {
      startSession(queryClient, user);
    },
  });
}
