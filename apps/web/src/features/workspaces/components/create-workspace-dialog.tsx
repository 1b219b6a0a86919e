import { useState } from 'react';
import toast from 'react-hot-toast';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { useCreateWorkspace } from '../api/create-workspace';
import { WorkspaceNameForm } from './workspace-name-form';

/** 'Create New Workspace': Cancel and Create ('Creating...'), disabled while the name is blank. */
export function CreateWorkspaceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const createMutation = useCreateWorkspace();
  const [error, setError] = useState<string | null>(null);

  // Closing (Cancel, Escape, the close button) resets the form, which unmounts, and the error text.
  const changeOpen = (next: boolean) => {
    if (createMutation.isPending) return;
    if (!next) setError(null);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen} title="Create New Workspace" size="sm">
      <WorkspaceNameForm
        submitLabel="Create"
        pendingLabel="Creating..."
        isPending={createMutation.isPending}
        error={error}
        onErrorClear={() => setError(null)}
        onCancel={() => changeOpen(false)}
        onSubmit={(name) => {
          setError(null);
          createMutation.mutate(
            { name },
            {
              onSuccess() {
                toast.success('Workspace created successfully!');
                setError(null);
                onOpenChange(false);
              },
              onError(failure) {
                const message = errorMessage(failure, 'Failed to create workspace');
                toast.error(message);
                setError(message);
              },
            },
          );
        }}
      />
    </Dialog>
  );
}
