import { useEffect } from 'react';
import { Toaster as HotToaster, toast, useToasterStore } from 'react-hot-toast';
import { MAX_VISIBLE_TOASTS, toastsOverLimit } from './toast-limit';

/** Dismisses the oldest toasts beyond the cap (the library's own limit is an internal default). */
function useToastLimit(limit: number) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const id of toastsOverLimit(toasts, limit)) toast.dismiss(id);
  }, [toasts, limit]);
}

/** Toasts (SPEC 9): bottom-right; 4 s plain and error, 2 s success, no limit for loading; at most 20 at once. */
export function Toaster() {
  useToastLimit(MAX_VISIBLE_TOASTS);
  return (
    <HotToaster
      position="bottom-right"
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Infinity },
        style: {
          background: 'var(--toast-background)',
          color: 'var(--toast-foreground)',
          border: '1px solid var(--toast-border)',
          fontSize: '0.875rem',
        },
      }}
    />
  );
}
