import type { AdminUser } from '@tasklane/contract';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { describeError } from '@/lib/errors';
import { useCreateResetLink } from '../api/create-reset-link';
import { CopyLink } from './copy-link';

/**
 * Makes a password-reset link for someone who cannot sign in, to hand to them by another way
 * (chat, in person): single use, one hour. Made once per opening of the dialog.
 */
export function ResetLinkDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { mutate, reset, data: url, error, isPending } = useCreateResetLink();
  const userId = user?._id;
  useEffect(() => {
    if (!userId) return;
    reset();
    mutate(userId);
  }, [userId, mutate, reset]);
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Password-reset link"
      description={user ? `For ${user.fullName} (${user.email}). It works once, for one hour; their password stays as it is until they use it.` : undefined}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {isPending && (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner className="size-4" /> Making the link...
        </p>
      )}
      {error && <ErrorState message={describeError(error, 'Failed to make the reset link')} onRetry={() => userId && mutate(userId)} />}
      {url && <CopyLink label="Reset link" url={url} />}
    </Dialog>
  );
}
