import type { Project, ProjectMember } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { useDeleteProject } from '../api/delete-project';
import { useRemoveMember } from '../api/remove-member';

/** SPEC 5: 'Are you sure you want to delete "{name}"? This action cannot be undone.' */
export function DeleteProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const deleteMutation = useDeleteProject();
  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Project"
      message={`Are you sure you want to delete "${project?.name ?? ''}"? This action cannot be undone.`}
      pendingLabel="Deleting..."
      isPending={deleteMutation.isPending}
      onConfirm={() =>
        project &&
        deleteMutation.mutate(project, {
          onSuccess: () => void toast.success('Project deleted successfully!'),
          onError: (error) => void toast.error(errorMessage(error, 'Failed to delete project')),
          onSettled: onClose,
        })
      }
    />
  );
}

export interface MemberRemoval {
  project: Project;
  member: ProjectMember;
}

/** SPEC 5: 'Are you sure you want to remove {member} from the project?' */
export function RemoveMemberDialog({ removal, onClose }: { removal: MemberRemoval | null; onClose: () => void }) {
  const removeMutation = useRemoveMember();
  return (
    <ConfirmDialog
      open={removal !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove Member"
      message={`Are you sure you want to remove ${removal?.member.userId.fullName ?? ''} from the project?`}
      confirmLabel="Remove"
      pendingLabel="Removing..."
      isPending={removeMutation.isPending}
      onConfirm={() =>
        removal &&
        removeMutation.mutate(
          { project: removal.project, userId: removal.member.userId._id },
          {
            onSuccess: () => void toast.success('Member removed from project successfully!'),
            onError: (error) => void toast.error(errorMessage(error, 'Failed to remove member')),
            onSettled: onClose,
          },
        )
      }
    />
  );
}
