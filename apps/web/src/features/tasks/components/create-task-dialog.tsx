import { zodResolver } from '@hookform/resolvers/zod';
import { taskFormSchema, type AttachmentLimits, type Category, type ProjectMember, type TaskForm, type TaskFormData } from '@tasklane/contract';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import { addPickedFiles, checkAttachmentFiles, describeLimits, type PickedFile } from '../lib/attachment-files';
import { taskFormDefaults } from '../lib/task-form';
import { FileDropZone } from './file-drop-zone';
import { PickedFiles } from './picked-files';
import { TaskFields, type OptionsState } from './task-fields';

const FORM_ID = 'create-task-form';
const FILES_ID = 'create-task-files';

export interface CreateTaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  featureTitle: string;
  categories: OptionsState<Category>;
  members: OptionsState<ProjectMember>;
  /** The server's upload limits, checked before the task is created (undefined until loaded). */
  attachmentLimits: AttachmentLimits | undefined;
  isSubmitting: boolean;
  /** While the picked files upload (after the task was created): 0 to 1; otherwise null. */
  uploadProgress: number | null;
  onCancelUpload: () => void;
  onSubmit: (data: TaskFormData, files: File[]) => void;
  /** A new task's values other than the defaults (the calendar fills in the due day). */
  defaults?: Partial<TaskForm>;
}

/**
 * The Create Task modal (SPEC 2): title and category required, the rest optional, and files to
 * attach, uploaded right after the task is created.
 */
export function CreateTaskDialog({
  open,
  onOpenChange,
  featureTitle,
  categories,
  members,
  attachmentLimits,
  isSubmitting,
  uploadProgress,
  onCancelUpload,
  onSubmit,
  defaults,
}: CreateTaskDialogProps) {
  const close = () => !isSubmitting && onOpenChange(false);
  const isUploading = uploadProgress !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Create Task"
      description={featureTitle ? `A new task in ${featureTitle}` : undefined}
      size="lg"
      footer={
        <>
          {isUploading ? (
            <Button variant="secondary" onClick={onCancelUpload} disabled={(uploadProgress ?? 0) >= 1}>
              Cancel upload
            </Button>
          ) : (
            <Button variant="secondary" onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" form={FORM_ID} isLoading={isSubmitting}>
            {isUploading ? 'Uploading...' : isSubmitting ? 'Creating...' : 'Create Task'}
          </Button>
        </>
      }
    >
      {/* Mounted only while open: every opening starts empty. */}
      <CreateTaskForm
        categories={categories}
        members={members}
        attachmentLimits={attachmentLimits}
        isSubmitting={isSubmitting}
        uploadProgress={uploadProgress}
        onSubmit={onSubmit}
        defaults={defaults}
      />
    </Dialog>
  );
}

function CreateTaskForm({
  categories,
  members,
  attachmentLimits,
  isSubmitting,
  uploadProgress,
  onSubmit,
  defaults,
}: Pick<CreateTaskDialogProps, 'categories' | 'members' | 'attachmentLimits' | 'isSubmitting' | 'uploadProgress' | 'onSubmit' | 'defaults'>) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<TaskForm, unknown, TaskFormData>({ resolver: zodResolver(taskFormSchema), defaultValues: { ...taskFormDefaults(), ...defaults } });
  const status = useWatch({ control, name: 'status' });
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const files = useMemo(() => picked.map((entry) => entry.file), [picked]);
  const check = useMemo(() => checkAttachmentFiles(files, attachmentLimits), [files, attachmentLimits]);

  const submit = (data: TaskFormData) => {
    // Files the server would refuse keep the task from being created: their problems show
    // beside them, and focus goes to the picker.
    if (check.messages.length > 0) {
      document.getElementById(FILES_ID)?.focus();
      return;
    }
    onSubmit(data, files);
  };

  return (
    <form id={FORM_ID} noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <TaskFields idPrefix="create-task" mode="create" register={register} control={control} errors={errors} status={status} categories={categories} members={members} />
      <fieldset className="space-y-2">
        <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
          Attachments <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </legend>
        <FileDropZone
          id={FILES_ID}
          compact
          hint={attachmentLimits ? describeLimits(attachmentLimits) : undefined}
          disabled={isSubmitting}
          onFiles={(incoming) => setPicked((current) => addPickedFiles(current, incoming))}
        />
        <PickedFiles
          files={picked}
          check={check}
          disabled={isSubmitting}
          label="Files to attach"
          onRemove={(key) => setPicked((current) => current.filter((entry) => entry.key !== key))}
        />
        {uploadProgress !== null && (
          <div className="pt-1">
            <p className="mb-1.5 flex justify-between gap-2 text-xs font-medium text-slate-600 dark:text-slate-300">
              <span role="status">{uploadProgress < 1 ? 'Task created. Uploading its attachments...' : 'Finishing...'}</span>
              <span aria-hidden="true" className="tabular-nums">
                {Math.round(uploadProgress * 100)}%
              </span>
            </p>
            <ProgressBar value={uploadProgress * 100} label="Upload progress" />
          </div>
        )}
      </fieldset>
    </form>
  );
}
