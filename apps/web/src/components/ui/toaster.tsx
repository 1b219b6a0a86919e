import { Toaster as HotToaster } from 'react-hot-toast';

/**
 * Toasts (SPEC 9): bottom-right; 4 s plain and error, 2 s success, no limit for loading.
 * The library itself keeps at most 20 toasts (its toast limit is 20), which is the spec's cap.
 */
export function Toaster() {
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
