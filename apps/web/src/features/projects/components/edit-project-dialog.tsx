import type { Project } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { useUpdateProject } from '../api/update-project';
import { projectFormDefaults } from '../lib/project-form';
import { ProjectForm } from './project-form';

/** Edit Project: the create form's fields with the project's values (its real colour included). */
export function EditProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const updateMutation = useUpdateProject();
  const close = () => !updateMutation.isPending && onClose();
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && close()} title="Edit Project" size="lg">
      {project && (
        <ProjectForm
          idPrefix="edit-project"
          defaultValues={projectFormDefaults(project)}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          isPending={updateMutation.isPending}
          nameErrorAs="alert"
          onCancel={close}
          onSubmit={(values) =>
            updateMutation.mutate(
              { projectId: project._id, workspaceId: project.workspaceId._id, body: values },
              {
                onSuccess() {
                  toast.success('Project updated successfully!');
                  onClose();
                },
                onError: (error) => void toast.error(errorMessage(error, 'Failed to update project')),
              },
            )
          }
        />
      )}
    </Dialog>
  );
}
