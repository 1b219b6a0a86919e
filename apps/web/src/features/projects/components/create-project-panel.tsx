import { FolderPlus } from 'lucide-react';
import toast from 'react-hot-toast';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/errors';
import { useCreateProject } from '../api/create-project';
import { keyErrorOf, projectFormDefaults } from '../lib/project-form';
import { ProjectForm, useProjectForm } from './project-form';

/** The inline Create Project form of the workspace page (SPEC 2). */
export function CreateProjectPanel({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const createMutation = useCreateProject();
  const form = useProjectForm(projectFormDefaults());
  return (
    <Card className="mb-6 p-5 sm:p-6">
      <section aria-labelledby="create-project-heading">
        <div className="mb-5 flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
            <FolderPlus aria-hidden="true" className="size-5" />
          </span>
          <h2 id="create-project-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Create New Project
          </h2>
        </div>
        <ProjectForm
          idPrefix="create-project"
          form={form}
          submitLabel="Create Project"
          pendingLabel="Creating..."
          isPending={createMutation.isPending}
          nameErrorAs="field"
          keyMode="propose"
          onCancel={onClose}
          onSubmit={(values) =>
            createMutation.mutate(
              { ...values, workspaceId },
              {
                onSuccess() {
                  toast.success('Project created successfully!');
                  onClose();
                },
                onError(error) {
                  const keyError = keyErrorOf(error);
                  if (keyError) form.setError('key', { message: keyError }, { shouldFocus: true });
                  else toast.error(errorMessage(error, 'Failed to create project'));
                },
              },
            )
          }
        />
      </section>
    </Card>
  );
}
