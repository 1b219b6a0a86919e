import { zodResolver } from '@hookform/resolvers/zod';
import { usePrefetchQuery } from '@tanstack/react-query';
import { taskEditFormSchema, type Category, type ProjectMember, type TaskDetail, type TaskForm, type TaskFormData } from '@tasklane/contract';
import { Layers, Pencil, Save, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { QueryFallback } from '@/components/domain/query-state';
import { ConflictNotice } from '@/components/domain/conflict-notice';
import { NotFoundState } from '@/components/domain/not-found-state';
import { PriorityBadge, TaskStatusBadge } from '@/components/domain/enum-badges';
import { Badge } from '@/components/ui/badge';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Button } from '@/components/ui/button';
import { cardClassName } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { isApiError } from '@/lib/api-client';
import { errorMessage, isNotFound, useErrorMessage } from '@/lib/errors';
import { useShortcuts } from '@/lib/keyboard/shortcuts';
import { useEditRequest } from '@/lib/keyboard/use-create-shortcut';
import { requestTaskPicker, type TaskPickerField } from '@/lib/task-picker-requests';
import { useRebasedForm } from '@/lib/use-rebased-form';
import { useFailureToast } from '@/lib/use-failure-toast';
import { attachmentsQueryOptions } from '../api/get-attachments';
import { useTaskCategories } from '../api/get-task-categories';
import { useTask } from '../api/get-task';
import { useUpdateTask } from '../api/update-task';
import { BlockedByBadge } from '../components/blocked-by-badge';
import { useBlockedStartConfirm } from '../components/blocked-start-confirm';
import { SubtaskOfLink, SubtaskProgress } from '../components/subtask-badges';
import { SubtasksPanel } from '../components/subtasks-panel';
import { TaskAttachments } from '../components/task-attachments';
import { TaskDetails } from '../components/task-details';
import { TaskFields, type OptionsState } from '../components/task-fields';
import { TaskHistory } from '../components/task-history';
import { TaskRelations } from '../components/task-relations';
import { CopyTaskLinkButton, TaskKey } from '../components/task-key';
import { useInlineTaskEdit } from '../hooks/use-inline-task-edit';
import { describeTaskField, taskFormDefaults, toUpdateTaskBody } from '../lib/task-form';

const EDIT_FORM_ID = 'edit-task-form';

export interface TaskDetailPageProps {
  projectId: string;
  taskId: string;
  /** The project's members, for the assignee picker (loaded for those who may edit). */
  members: OptionsState<ProjectMember>;
  currentUserId: string | undefined;
  /** The comments panel, composed in app/ (the comments feature). */
  renderComments: (task: TaskDetail) => ReactNode;
  /** The watch toggle, composed in app/ (the notifications feature). */
  renderWatch?: (task: TaskDetail) => ReactNode;
}

/** /dashboard/projects/{projectId}/features/{featureId}/task/{taskId}: one task (SPEC 2). */
export default function TaskDetailPage({ projectId, taskId, members, currentUserId, renderComments, renderWatch }: TaskDetailPageProps) {
  const taskQuery = useTask(projectId, taskId);
  // The attachment list (with the upload limits) loads with the task, not after it.
  usePrefetchQuery(attachmentsQueryOptions(taskId));
  const task = taskQuery.data;
  const canEdit = task?.abilities.canEdit === true;
  const categoriesQuery = useTaskCategories({ enabled: canEdit });
  const updateMutation = useUpdateTask({ currentUserId });
  // Issue 18: the status, priority, assignee, due date and hours, changed in place.
  const inline = useInlineTaskEdit({ currentUserId });
  const [isEditing, setIsEditing] = useState(false);
  const blockedStart = useBlockedStartConfirm();

  // The keyboard (issue 18): `e` enters Edit mode (as does arriving from a list's `e`); `s` / `p` /
  // `a` open the task's in-place status, priority and assignee pickers, or, where none is on
  // screen, Edit mode at that field. The field the keyboard asked for gets the focus.
  const [focusField, setFocusField] = useState<string | null>(null);
  const edit = (field: string) => {
    setIsEditing(true);
    setFocusField(field);
  };
  const editFields: Record<TaskPickerField, string> = { status: 'status', priority: 'priority', assignee: 'assigneeId' };
  const pick = (field: TaskPickerField) => () => {
    if (!task || requestTaskPicker(task._id, field)) return;
    if (canEdit) edit(editFields[field]);
  };
  useShortcuts({ e: canEdit && !isEditing ? () => edit('title') : undefined, s: pick('status'), p: pick('priority'), a: pick('assignee') }, task !== undefined);
  useEditRequest(canEdit ? () => edit('title') : undefined, { ready: task !== undefined });
  useEffect(() => {
    if (!isEditing || !focusField) return;
    const field = document.getElementById(`edit-task-${focusField}`);
    if (!field) return;
    setFocusField(null);
    field.focus();
  }, [isEditing, focusField]);

  const missing = isNotFound(taskQuery.error);
  const failure = useErrorMessage(missing ? null : taskQuery.error, 'Failed to fetch task');
  useFailureToast(failure, 'task-fetch');
  useFailureToast(isEditing && categoriesQuery.isError ? 'Failed to fetch categories' : null, 'task-categories-fetch');
  useFailureToast(isEditing && members.isError ? 'Failed to fetch members' : null, 'members-fetch');

  if (!task) {
    return (
      <QueryFallback
        query={taskQuery}
        loading="Loading task..."
        errorMessage={failure ?? 'Failed to fetch task'}
        renderError={() =>
          missing ? (
            <NotFoundState
              title="Task not found"
              description="This task does not exist, was deleted, or belongs to a project you are not a member of."
              backTo={{ href: paths.tasks.href(), label: 'Back to Assigned Tasks' }}
            />
          ) : undefined
        }
      />
    );
  }

  // The changes are computed against the version the form shows (`base`), and sent with it.
  const save = (data: TaskFormData, base: TaskDetail, onStale: () => void) => {
    const body = toUpdateTaskBody(data, base);
    // Nothing changed: nothing to save (the server would write nothing either).
    if (!body) {
      setIsEditing(false);
      return;
    }
    // Starting a task an unfinished one still blocks asks first (issue 19).
    blockedStart.guard(base, body.status, () => update(base, body, onStale));
  };

  const update = (base: TaskDetail, body: NonNullable<ReturnType<typeof toUpdateTaskBody>>, onStale: () => void) => {
    updateMutation.mutate(
      { task: base, body },
      {
        onSuccess() {
          toast.success('Task updated successfully');
          setIsEditing(false);
        },
        // SPEC 2: Save leaves edit mode only on success. A 409 (someone else saved first): the
        // task is refetched and the form takes the latest version, keeping this person's changes,
        // with a notice saying so; anything else toasts.
        onError(error) {
          if (isApiError(error) && error.status === 409) onStale();
          else toast.error(errorMessage(error, 'Failed to update task'));
        },
      },
    );
  };

  const featureHref = paths.featureTasks.href(task.projectId._id, task.featureId._id);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: task.projectId.name, href: paths.project.href(task.projectId._id) },
          { label: task.featureId.title, href: featureHref },
          { label: task.title },
        ]}
      />

      <header className={cn(cardClassName, 'mb-6 p-5 sm:p-6')}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 text-sm font-medium text-indigo-600 dark:text-indigo-400">
              <Layers aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{task.featureId.title}</span>
            </p>
            <h1 className="mt-1 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{task.title}</h1>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="flex items-center gap-1">
                <TaskKey taskKey={task.key} className="text-sm text-slate-700 dark:text-slate-300" />
                <CopyTaskLinkButton taskKey={task.key} />
              </span>
              <p className="break-all font-mono text-xs text-slate-500 dark:text-slate-400">
                <span className="font-sans">ID:</span> {task._id}
              </p>
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <TaskStatusBadge status={task.status} />
              <PriorityBadge priority={task.priority} />
              {task.isOverdue && <Badge tone="red">Overdue</Badge>}
              <BlockedByBadge blockedBy={task.blockedBy} />
              {renderWatch?.(task)}
              <SubtaskProgress progress={task.subtasks} />
              <SubtaskOfLink task={{ parentTask: task.parentTask, projectId: task.projectId._id, featureId: task.featureId._id }} className="text-sm" />
            </div>
          </div>
          {canEdit && (
            <div className="flex shrink-0 gap-2">
              {isEditing ? (
                <>
                  <Button variant="secondary" onClick={() => setIsEditing(false)} disabled={updateMutation.isPending}>
                    <X aria-hidden="true" className="size-4" />
                    Cancel
                  </Button>
                  <Button type="submit" form={EDIT_FORM_ID} isLoading={updateMutation.isPending}>
                    {!updateMutation.isPending && <Save aria-hidden="true" className="size-4" />}
                    {updateMutation.isPending ? 'Saving...' : 'Save'}
                  </Button>
                </>
              ) : (
                <Button variant="secondary" onClick={() => setIsEditing(true)}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Button>
              )}
            </div>
          )}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {isEditing && canEdit ? (
            <section aria-labelledby="edit-task-heading" className={cn(cardClassName, 'p-5')}>
              <h2 id="edit-task-heading" className="mb-4 text-base font-semibold text-slate-900 dark:text-white">
                Edit Task
              </h2>
              {/* Not keyed by version: a newer version (live, or after a 409) is merged in, keeping the edits. */}
              <TaskEditForm
                task={task}
                categories={{
                  data: categoriesQuery.data,
                  isLoading: categoriesQuery.isPending,
                  isError: categoriesQuery.isError,
                  onRetry: () => void categoriesQuery.refetch(),
                }}
                members={members}
                onSubmit={save}
              />
            </section>
          ) : (
            <TaskDetails
              task={task}
              editing={
                canEdit
                  ? { members, isBusy: inline.isSaving(task._id), onChange: (changes) => blockedStart.guard(task, changes.status, () => inline.save(task, changes)) }
                  : undefined
              }
            />
          )}
          <TaskRelations task={task} currentUserId={currentUserId} />
          {task.parentTaskId === null && <SubtasksPanel task={task} currentUserId={currentUserId} />}
          <TaskAttachments task={task} currentUserId={currentUserId} />
          {renderComments(task)}
        </div>
        <div className="min-w-0">
          <TaskHistory history={task.history} />
        </div>
      </div>
      {blockedStart.dialog}
    </>
  );
}

function TaskEditForm({
  task,
  categories,
  members,
  onSubmit,
}: {
  task: TaskDetail;
  categories: OptionsState<Category>;
  members: OptionsState<ProjectMember>;
  onSubmit: (data: TaskFormData, base: TaskDetail, onStale: () => void) => void;
}) {
  const form = useForm<TaskForm, unknown, TaskFormData>({ resolver: zodResolver(taskEditFormSchema), defaultValues: taskFormDefaults(task) });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const rebased = useRebasedForm(task, taskFormDefaults, form);
  const status = useWatch({ control, name: 'status' });
  return (
    <form id={EDIT_FORM_ID} noValidate onSubmit={handleSubmit((data) => onSubmit(data, rebased.base(), rebased.markStale))}>
      {(rebased.theirChanges.length > 0 || rebased.isAwaitingLatest) && (
        <ConflictNotice
          noun="task"
          isLoading={rebased.isAwaitingLatest}
          items={rebased.theirChanges.map(({ field, isYoursKept }) => ({ ...describeTaskField(field, task), isYoursKept }))}
        />
      )}
      <TaskFields idPrefix="edit-task" mode="edit" register={register} control={control} errors={errors} status={status} categories={categories} members={members} task={task} />
    </form>
  );
}
