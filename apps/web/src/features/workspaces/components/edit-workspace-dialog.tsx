import type { Workspace } from '@tasklane/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { useUpdateWorkspace } from '../api/update-workspace';
import { WorkspaceNameForm } from './workspace-name-form';

/** 'Edit Workspace': the same field, Cancel and Update ('Updating...'); failures show inline. */
export function EditWorkspaceDialog({ workspace, onClose }: { workspace: Workspace | null; onClose: () => void }) {
  const updateMutation = useUpdateWorkspace();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (updateMutation.isPending) return;
    setError(null);
    onClose();
  };

  return (
    <Dialog open={workspace !== null} onOpenChange={(open) => !open && close()} title="Edit Workspace" size="sm">
      {workspace && (
        <WorkspaceNameForm
          defaultName={workspace.name}
          submitLabel="Update"
          pendingLabel="Updating..."
          isPending={updateMutation.isPending}
          error={error}
          onErrorClear={() => setError(null)}
          onCancel={close}
          onSubmit={(name) => {
            setError(null);
            updateMutation.mutate(
              { workspaceId: workspace._id, name },
              {
                onSuccess() {
                  toast.success('Workspace updated successfully!');
                  onClose();
                },
                onError: (failure) => setError(errorMessage(failure, 'Failed to update workspace')),
              },
            );
          }}
        />
      )}
    </Dialog>
  );
}
