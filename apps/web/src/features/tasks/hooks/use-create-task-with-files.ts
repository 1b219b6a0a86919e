import type { Task, TaskFormData } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { describeError, errorMessage } from '@/lib/errors';
import { useCreateTask } from '../api/create-task';
import { isAbortError, useUploadAttachments } from '../api/upload-attachments';
import { toCreateTaskBody } from '../lib/task-form';

export interface CreateTaskOutcome {
  /** The task was created and all its files uploaded (or it had none). */
  onCreated?: (task: Task) => void;
  /**
   * The task was created but its files were not uploaded (refused, failed or cancelled): the
   * task exists, so the caller usually opens it, where its Attachments section offers the upload again.
   */
  onUploadFailed?: (task: Task) => void;
}

/**
 * Creating a task with the files picked in the Create Task form: the task first (POST /tasks),
 * then its files (POST /tasks/{id}/attachments, with progress and a way to cancel). Toasts tell
 * how it went: 'Task created successfully' (and 'Attachment(s) uploaded successfully'), the
 * server's reason when the task was refused, or that the task was created without its files.
 */
export function useCreateTaskWithFiles({ projectId, featureId, currentUserId }: { projectId: string; featureId: string; currentUserId: string | undefined }) {
  const createMutation = useCreateTask({ currentUserId });
  const uploadMutation = useUploadAttachments({ currentUserId });

  const create = (data: TaskFormData, files: readonly File[], outcome: CreateTaskOutcome = {}) =>
    createMutation.mutate(toCreateTaskBody(data, { featureId, projectId }), {
      onSuccess(task) {
        if (files.length === 0) {
          toast.success('Task created successfully');
          outcome.onCreated?.(task);
          return;
        }
        uploadMutation.mutate(
          { task, files },
          {
            onSuccess() {
              toast.success('Task created successfully');
              toast.success(files.length === 1 ? 'Attachment uploaded successfully' : 'Attachments uploaded successfully');
              outcome.onCreated?.(task);
            },
            onError(error) {
              if (!isAbortError(error)) console.error('Failed to upload attachments', error);
              const reason = isAbortError(error) ? 'the upload was cancelled' : describeError(error, '');
              toast.error(`Task created, but its attachments were not uploaded${reason ? `: ${reason}` : ''}`);
              outcome.onUploadFailed?.(task);
            },
          },
        );
      },
      onError: (error) => void toast.error(errorMessage(error, 'Failed to create task')),
    });

  return {
    create,
    /** True from the creation until the last file is uploaded (or the upload failed). */
    isPending: createMutation.isPending || uploadMutation.isPending,
    /** While the files upload: the share sent, 0 to 1; otherwise null. */
    uploadProgress: uploadMutation.isPending ? uploadMutation.progress : null,
    cancelUpload: uploadMutation.cancel,
  };
}
