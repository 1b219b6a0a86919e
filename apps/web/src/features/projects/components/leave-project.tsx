import type { Project } from '@tasklane/contract';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { useLeaveProject } from '../api/leave-project';
import { canLeaveProject } from '../lib/member-rules';

/**
 * 'Leave project' for a member of any role but the last admin (whom the server refuses), with a
 * confirmation; `onLeft` takes the caller somewhere they can still see.
 */
export function LeaveProject({ project, currentUserId, onLeft }: { project: Project; currentUserId: string | undefined; onLeft: () => void }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const leaveMutation = useLeaveProject();
  if (!currentUserId || !canLeaveProject(project, currentUserId)) return null;

  return (
    <>
      <Button variant="secondary" className="px-3 py-1.5" onClick={() => setIsConfirming(true)}>
        <LogOut aria-hidden="true" className="size-4" />
        Leave project
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Leave Project"
        message={`Are you sure you want to leave "${project.name}"? You will lose access to it until someone adds you again.`}
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        isPending={leaveMutation.isPending}
        onConfirm={() =>
          leaveMutation.mutate(
            { project, userId: currentUserId },
            {
              onSuccess: () => {
                setIsConfirming(false);
                toast.success(`You left "${project.name}"`);
                onLeft();
              },
              onError: (error) => {
                setIsConfirming(false);
                toast.error(errorMessage(error, 'Failed to leave project'));
              },
            },
          )
        }
      />
    </>
  );
}
