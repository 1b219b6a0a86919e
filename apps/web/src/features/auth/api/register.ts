import { useMutation } from '@tanstack/react-query';
import { registerResponseSchema, type RegisterBody } from '@tasklane/contract';
import { api } from '@/lib/api-client';

export function register(body: RegisterBody) {
  return api.post('/api/v1/auth/register', body, registerResponseSchema);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
