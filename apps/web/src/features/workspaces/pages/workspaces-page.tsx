import type { Workspace } from '@tasklane/contract';
import { FolderPlus, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { QueryFallback } from '@/components/domain/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage, useErrorMessage } from '@/lib/errors';
import { pluralize } from '@/lib/format';
import { useDeleteWorkspace } from '../api/delete-workspace';
import { useWorkspaces } from '../api/get-workspaces';
import { useCreateShortcut } from '@/lib/keyboard/use-create-shortcut';
import { CreateWorkspaceDialog } from '../components/create-workspace-dialog';
import { EditWorkspaceDialog } from '../components/edit-workspace-dialog';
import { WorkspaceRow } from '../components/workspace-row';

export default function WorkspacesPage() {
  const workspacesQuery = useWorkspaces();
  const deleteMutation = useDeleteWorkspace();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  // `c` (issue 18) creates a workspace here too.
  useCreateShortcut(() => setIsCreateOpen(true));
  const [editing, setEditing] = useState<Workspace | null>(null);
  const [deleting, setDeleting] = useState<Workspace | null>(null);

  const failure = useErrorMessage(workspacesQuery.error, 'Failed to fetch workspaces');
  useEffect(() => {
    if (failure) toast.error(failure, { id: 'workspaces-fetch' });
  }, [failure]);

  // SPEC 2: a loading indicator replaces the page while loading; a failure shows under its header.
  const fallback = <QueryFallback query={workspacesQuery} loading="Loading workspaces..." errorMessage={failure ?? 'Failed to fetch workspaces'} />;
  if (workspacesQuery.isPending) return fallback;

  const workspaces = workspacesQuery.data ?? [];
  const createButton = (
    <Button onClick={() => setIsCreateOpen(true)}>
      <Plus aria-hidden="true" className="size-4" />
      Create Workspace
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    deleteMutation.mutate(deleting._id, {
      onSuccess() {
        toast.success('Workspace deleted successfully!');
        setDeleting(null);
      },
      onError(error) {
        toast.error(errorMessage(error, 'Failed to delete workspace'));
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PageHeader title="Workspaces" subtitle="Manage your workspaces and track project progress" actions={createButton} />

      {!workspacesQuery.data ? (
        fallback
      ) : (
        <Card>
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-4 sm:px-6 dark:border-slate-800">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">Your Workspaces</h2>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              {pluralize(workspaces.length, 'workspace')}
            </span>
          </div>
          {workspaces.length === 0 ? (
            <EmptyState
              className="m-4 sm:m-6"
              icon={<FolderPlus aria-hidden="true" />}
              title="No workspaces"
              description="Get started by creating your first workspace"
              action={createButton}
            />
          ) : (
            <ul aria-label="Your Workspaces" className="divide-y divide-slate-200 dark:divide-slate-800">
              {workspaces.map((workspace, index) => (
                <WorkspaceRow key={workspace._id} workspace={workspace} index={index} onEdit={setEditing} onDelete={setDeleting} />
              ))}
            </ul>
          )}
        </Card>
      )}

      <CreateWorkspaceDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} />
      <EditWorkspaceDialog workspace={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Workspace"
        message="Are you sure you want to delete this workspace? This action cannot be undone."
        pendingLabel="Deleting..."
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
