import type { Project } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { ConflictNotice } from '@/components/domain/conflict-notice';
import { Dialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useRebasedForm } from '@/lib/use-rebased-form';
import { useUpdateProject } from '../api/update-project';
import { describeProjectField, keyErrorOf, projectFormDefaults } from '../lib/project-form';
import { ProjectForm, useProjectForm } from './project-form';

/** Edit Project: the create form's fields with the project's values (its real colour included). */
export function EditProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const updateMutation = useUpdateProject();
  const close = () => !updateMutation.isPending && onClose();
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && close()} title="Edit Project" size="lg">
      {project && <EditProjectForm key={project._id} project={project} isPending={updateMutation.isPending} onClose={onClose} onCancel={close} mutation={updateMutation} />}
    </Dialog>
  );
}

/**
 * The form, kept on the project's latest version: someone else's save (live, or the refetch
 * after a 409) fills the fields this person has not touched and keeps the ones they changed.
 * The save sends the version the form shows, so it never silently replaces a newer one.
 */
function EditProjectForm({
  project,
  isPending,
  onClose,
  onCancel,
  mutation,
}: {
  project: Project;
  isPending: boolean;
  onClose: () => void;
  onCancel: () => void;
  mutation: ReturnType<typeof useUpdateProject>;
}) {
  const form = useProjectForm(projectFormDefaults(project));
  const rebased = useRebasedForm(project, projectFormDefaults, form);
  return (
    <ProjectForm
      idPrefix="edit-project"
      form={form}
      notice={
        rebased.theirChanges.length > 0 || rebased.isAwaitingLatest ? (
          <ConflictNotice
            noun="project"
            isLoading={rebased.isAwaitingLatest}
            items={rebased.theirChanges.map(({ field, isYoursKept }) => ({ ...describeProjectField(field, project), isYoursKept }))}
          />
        ) : undefined
      }
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      isPending={isPending}
      nameErrorAs="alert"
      keyMode={project.abilities.canChangeKey ? 'change' : 'read-only'}
      onCancel={onCancel}
      onSubmit={(values) => {
        const base = rebased.base();
        mutation.mutate(
          { projectId: base._id, workspaceId: base.workspaceId._id, body: { ...values, version: base.version } },
          {
            onSuccess() {
              toast.success('Project updated successfully!');
              onClose();
            },
            onError(error) {
              const keyError = keyErrorOf(error);
              if (keyError) form.setError('key', { message: keyError }, { shouldFocus: true });
              else if (isApiError(error) && error.status === 409) rebased.markStale();
              else toast.error(errorMessage(error, 'Failed to update project'));
            },
          },
        );
      }}
    />
  );
}
