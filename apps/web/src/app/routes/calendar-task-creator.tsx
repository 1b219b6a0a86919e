import type { Project, TaskFormData } from '@tasklane/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { formatShortDate } from '@tasklane/contract';
import { paths } from '@/config/paths';
import { useFeatures } from '@/features/features/api/get-features';
import { useProjectMembers } from '@/features/projects/api/get-project-members';
import { useAttachmentLimits } from '@/features/tasks/api/get-attachments';
import { useTaskCategories } from '@/features/tasks/api/get-task-categories';
import { CreateTaskDialog } from '@/features/tasks/components/create-task-dialog';
import { useCreateTaskWithFiles } from '@/features/tasks/hooks/use-create-task-with-files';

/** A request to create a task due `day`, in `projectId` when the calendar shows one. */
export type TaskCreation = { day: string; projectId?: string };

/**
 * A task due a day of the calendar: first where it goes (a project the person may add tasks
 * to, and one of its features), then the feature page's own Create Task dialog with the due
 * date filled in.
 */
export function CalendarTaskCreator({ request, projects, currentUserId, onClose }: { request: TaskCreation | null; projects: readonly Project[] | undefined; currentUserId: string | undefined; onClose: () => void }) {
  const writable = (projects ?? []).filter((project) => project.abilities.canEditTasks);
  const [place, setPlace] = useState<{ projectId: string; featureId: string; featureTitle: string } | null>(null);
  const close = () => {
    setPlace(null);
    onClose();
  };
  if (!request) return null;
  return place ? (
    <TaskDetailsStep day={request.day} place={place} currentUserId={currentUserId} onClose={close} />
  ) : (
    <PlaceStep key={request.day} day={request.day} projects={writable} initialProjectId={request.projectId} onChoose={setPlace} onClose={close} />
  );
}

function PlaceStep({
  day,
  projects,
  initialProjectId,
  onChoose,
  onClose,
}: {
  day: string;
  projects: readonly Project[];
  initialProjectId: string | undefined;
  onChoose: (place: { projectId: string; featureId: string; featureTitle: string }) => void;
  onClose: () => void;
}) {
  const [projectId, setProjectId] = useState(() => (projects.some((project) => project._id === initialProjectId) ? initialProjectId! : (projects[0]?._id ?? '')));
  const [feature, setFeature] = useState<{ _id: string; title: string } | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="New task"
      description={`Due ${formatShortDate(day)}. Which feature does it belong to?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!feature} onClick={() => feature && onChoose({ projectId, featureId: feature._id, featureTitle: feature.title })}>
            Continue
          </Button>
        </>
      }
    >
      {projects.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">You are not a member of a project where you may add tasks.</p>
      ) : (
        <div className="space-y-4">
          <Field label="Project" htmlFor="calendar-task-project">
            <Select
              id="calendar-task-project"
              value={projectId}
              onChange={(event) => {
                setProjectId(event.currentTarget.value);
                setFeature(null);
              }}
              options={projects.map((project) => ({ value: project._id, label: project.name }))}
            />
          </Field>
          {projectId && <FeatureSelect key={projectId} projectId={projectId} onChange={setFeature} />}
        </div>
      )}
    </Dialog>
  );
}

/** The project's features (its first 100, by title); the first is chosen until another is. */
function FeatureSelect({ projectId, onChange }: { projectId: string; onChange: (feature: { _id: string; title: string } | null) => void }) {
  const featuresQuery = useFeatures(projectId, { limit: '100', sortBy: 'title', sortOrder: 'asc' });
  const features = featuresQuery.isPlaceholderData ? [] : (featuresQuery.data?.data ?? []);
  const [chosenId, setChosenId] = useState('');
  const chosen = features.find((entry) => entry._id === chosenId) ?? features[0];
  const chosenKey = chosen ? `${chosen._id}:${chosen.title}` : '';
  useEffect(() => {
    onChange(chosen ? { _id: chosen._id, title: chosen.title } : null);
    // The choice, not the function's identity, is what the parent needs to hear of.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenKey]);
  return (
    <Field label="Feature" htmlFor="calendar-task-feature">
      <Select id="calendar-task-feature" value={chosen?._id ?? ''} onChange={(event) => setChosenId(event.currentTarget.value)} disabled={features.length === 0}>
        {features.length === 0 && <option value="">{featuresQuery.isError ? 'Failed to fetch features' : featuresQuery.isFetching ? 'Loading features...' : 'This project has no features yet'}</option>}
        {features.map((entry) => (
          <option key={entry._id} value={entry._id}>
            {entry.title}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function TaskDetailsStep({
  day,
  place,
  currentUserId,
  onClose,
}: {
  day: string;
  place: { projectId: string; featureId: string; featureTitle: string };
  currentUserId: string | undefined;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const categoriesQuery = useTaskCategories();
  const membersQuery = useProjectMembers(place.projectId);
  const limitsQuery = useAttachmentLimits({ enabled: true });
  const creation = useCreateTaskWithFiles({ projectId: place.projectId, featureId: place.featureId, currentUserId });
  const submit = (data: TaskFormData, files: File[]) =>
    creation.create(data, files, {
      onCreated: onClose,
      onUploadFailed: (task) => void navigate(paths.task.href(place.projectId, place.featureId, task._id)),
    });
  return (
    <CreateTaskDialog
      open
      onOpenChange={(open) => !open && onClose()}
      featureTitle={place.featureTitle}
      categories={{ data: categoriesQuery.data, isLoading: categoriesQuery.isPending, isError: categoriesQuery.isError, onRetry: () => void categoriesQuery.refetch() }}
      members={{ data: membersQuery.data, isLoading: membersQuery.isPending, isError: membersQuery.isError, onRetry: () => void membersQuery.refetch() }}
      attachmentLimits={limitsQuery.data}
      isSubmitting={creation.isPending}
      uploadProgress={creation.uploadProgress}
      onCancelUpload={creation.cancelUpload}
      onSubmit={submit}
      defaults={{ dueDate: day }}
    />
  );
}
