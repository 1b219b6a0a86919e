import type { Blocker, TaskStatus } from '@tasklane/contract';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { blockedByText } from './blocked-by-badge';

type Pending = { title: string; blockedBy: readonly Blocker[]; proceed: () => void };

/**
 * Issue 19: moving a task that an unfinished task still blocks to IN_PROGRESS asks first. `guard`
 * runs `proceed` at once for any other change; for that one it opens the dialog, and runs it
 * only on "Start anyway". `dialog` is the dialog to render.
 */
export function useBlockedStartConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const guard = useCallback(
    (task: { title: string; status?: TaskStatus; blockedBy?: readonly Blocker[] }, nextStatus: TaskStatus | string | undefined, proceed: () => void) => {
      const blockedBy = task.blockedBy ?? [];
      if (nextStatus !== 'IN_PROGRESS' || task.status === 'IN_PROGRESS' || blockedBy.length === 0) {
        proceed();
        return;
      }
      setPending({ title: task.title, blockedBy, proceed });
    },
    [],
  );
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title="Start a blocked task?"
      message={
        pending
          ? `“${pending.title}” is ${blockedByText(pending.blockedBy).replace(/^Blocked/, 'blocked')}, which ${pending.blockedBy.length === 1 ? 'is' : 'are'} not finished yet. Move it to In Progress anyway?`
          : ''
      }
      confirmLabel="Start anyway"
      onConfirm={() => {
        pending?.proceed();
        setPending(null);
      }}
    />
  );
  return { guard, dialog };
}
