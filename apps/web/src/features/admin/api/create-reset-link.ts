import { useMutation } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';

/** POST /api/v1/admin/users/{id}/reset-link: a single-use reset link (one hour) to hand over. */
export async function createResetLink(id: string) {
  const response = await callApi(operations.admin.createResetLink, { params: { id } });
  return response.data.url;
}

export function useCreateResetLink() {
  return useMutation({ mutationFn: (userId: string) => createResetLink(userId) });
}
