import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type AdminUser, type UpdateAdminUserBody } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { callApi } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { refreshAfterAdminChange } from './admin-changes';

/** PUT /api/v1/admin/users/{id}: make or remove an administrator, deactivate or reactivate. */
export function updateAdminUser(id: string, body: UpdateAdminUserBody) {
  return callApi(operations.admin.updateUser, { params: { id }, body });
}

function successMessage(user: AdminUser, change: UpdateAdminUserBody): string {
  if (change.deactivated === true) return `${user.fullName} was deactivated and signed out everywhere`;
  if (change.deactivated === false) return `${user.fullName} can sign in again`;
  return change.isAdmin ? `${user.fullName} is now an administrator` : `${user.fullName} is no longer an administrator`;
}

export function useUpdateAdminUser(currentUserId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, change }: { user: AdminUser; change: UpdateAdminUserBody }) => updateAdminUser(user._id, change),
    onSuccess: (response, { change }) => void toast.success(successMessage(response.data, change)),
    onError: (error) => void toast.error(errorMessage(error, 'Failed to update the user')),
    onSettled: (_response, _error, { user }) => refreshAfterAdminChange(queryClient, { isOwnAccount: user._id === currentUserId }),
  });
}
