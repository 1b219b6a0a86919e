import { useEffect } from 'react';
import toast from 'react-hot-toast';

/** Toasts a failed load once (SPEC 8's 'Failed to fetch ...'), not on every render; `id` keeps it to one toast. */
export function useFailureToast(message: string | null, id: string) {
  useEffect(() => {
    if (message) toast.error(message, { id });
  }, [message, id]);
}
