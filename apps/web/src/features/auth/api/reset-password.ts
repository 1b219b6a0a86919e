import { useMutation } from '@tanstack/react-query';
import type { Operations, ResetPasswordBody } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';

/** Sets a new password with a reset link's token; every session of the account ends. */
export function resetPassword(body: ResetPasswordBody) {
  return callApi(unparsed<Operations['auth']['resetPassword']>(operationRoutes.auth.resetPassword), { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
