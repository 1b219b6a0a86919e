import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';

/** Asks for a reset link by email; the answer is the same whether or not the email has an account. */
export function forgotPassword(body: ForgotPasswordBody) {
  return callApi(unparsed<Operations['auth']['forgotPassword']>(operationRoutes.auth.forgotPassword), { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
