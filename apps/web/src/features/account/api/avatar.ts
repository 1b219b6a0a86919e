import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVATAR_FIELD, operations } from '@tasklane/contract';
import { callApi, uploadWithProgress } from '@/lib/api-client';
import { applyMyProfile } from './account-cache';

/** PUT /api/v1/users/me/avatar (multipart: the image in `avatar`). */
export async function uploadAvatar(file: File) {
  const form = new FormData();
  form.append(AVATAR_FIELD, file, file.name);
  return (await uploadWithProgress(operations.account.uploadAvatar, { form })).data;
}

/** DELETE /api/v1/users/me/avatar. */
export async function deleteAvatar() {
  return (await callApi(operations.account.deleteAvatar)).data;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (me) => applyMyProfile(queryClient, me) });
}

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAvatar, onSuccess: (me) => applyMyProfile(queryClient, me) });
}
