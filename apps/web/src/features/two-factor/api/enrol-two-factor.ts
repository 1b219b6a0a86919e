import { useMutation } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';

/** POST /api/v1/users/me/2fa: a new key (replacing any pending one), not on until confirmed. */
export async function enrolTwoFactor() {
  const response = await callApi(operations.twoFactor.enrol);
  return response.data;
}

export function useEnrolTwoFactor() {
  return useMutation({ mutationFn: enrolTwoFactor });
}
