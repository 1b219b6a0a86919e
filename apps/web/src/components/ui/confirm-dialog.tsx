import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { DialogFooter, overlayClassName, panelClassName } from './dialog';
import { useFocusReturn } from './focus-return';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, verbatim from SPEC.md section 5. */
  message: ReactNode;
  confirmLabel?: string;
  /** The confirm button's label while the action runs. */
  pendingLabel?: string;
  cancelLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
  /** A choice that goes with the action (a parent's subtasks: keep or delete), under the question. */
  children?: ReactNode;
}

/**
 * Asks before a destructive action (an alert dialog: focus starts on Cancel, Escape cancels,
 * focus returns to the opener).
 * The dialog stays open while the action runs; the caller closes it when it settles.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Delete',
  pendingLabel,
  cancelLabel = 'Cancel',
  isPending = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const focusReturn = useFocusReturn();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClassName} />
        <AlertDialog.Content
          className={cn(panelClassName, 'max-w-md p-5')}
          // Radix then moves focus to Cancel; on close it comes back (if the opener is still there).
          onOpenAutoFocus={focusReturn.remember}
          onCloseAutoFocus={focusReturn.restore}
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message}</AlertDialog.Description>
          {children}
          <DialogFooter className="mt-6">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={isPending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the action settles. */}
            <Button variant="danger" isLoading={isPending} onClick={onConfirm}>
              {isPending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
