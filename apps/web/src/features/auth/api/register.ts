import { useMutation } from '@tanstack/react-query';
import { operations, type RegisterBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';

export function register(body: RegisterBody) {
  return callApi(operations.auth.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
