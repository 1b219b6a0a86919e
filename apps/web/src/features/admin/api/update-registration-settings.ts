import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type InstanceSettings, type RegistrationMode } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { callApi } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/v1/admin/settings. */
export async function updateRegistrationSettings(registration: RegistrationMode) {
  return (await callApi(operations.admin.updateSettings, { body: { registration } })).data;
}

const saved: Record<RegistrationMode, string> = {
  open: 'Registration is open: anyone can create an account',
  invite: 'Registration now needs an invite link',
  closed: 'Registration is closed',
};

/** Saved at once; the choice shows at once too and goes back if the server refuses it. */
export function useUpdateRegistrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegistrationSettings,
    onMutate(registration) {
      const previous = queryClient.getQueryData<InstanceSettings>(queryKeys.adminSettings());
      queryClient.setQueryData<InstanceSettings>(queryKeys.adminSettings(), { registration });
      return previous;
    },
    onSuccess: (settings) => void toast.success(saved[settings.registration]),
    onError(error, _registration, previous) {
      if (previous) queryClient.setQueryData(queryKeys.adminSettings(), previous);
      toast.error(errorMessage(error, 'Failed to save the registration setting'));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.adminSettings() }),
  });
}
