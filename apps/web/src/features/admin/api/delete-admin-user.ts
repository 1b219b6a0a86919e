import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type AdminUser } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { callApi } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { refreshAfterAdminChange } from './admin-changes';

/** DELETE /api/v1/admin/users/{id}: the account goes; what it wrote stays, by "Deleted user". */
export function deleteAdminUser(id: string) {
  return callApi(operations.admin.deleteUser, { params: { id } });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: AdminUser) => deleteAdminUser(user._id),
    onSuccess: (_response, user) => void toast.success(`${user.fullName}'s account was deleted`),
    onError: (error) => void toast.error(errorMessage(error, 'Failed to delete the user')),
    onSettled: () => refreshAfterAdminChange(queryClient),
  });
}
