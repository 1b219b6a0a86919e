import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type UpdateProfileBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { applyMyProfile } from './account-cache';

/** PUT /api/v1/users/me. */
export async function updateProfile(body: UpdateProfileBody) {
  return (await callApi(operations.account.updateProfile, { body })).data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (me) => applyMyProfile(queryClient, me) });
}
