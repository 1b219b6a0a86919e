import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ATTACHMENT_DESCRIPTION_FIELD,
  ATTACHMENT_FILES_FIELD,
  operations,
  type Attachment,
  type AttachmentListResponse,
  type Task,
} from '@tasklane/contract';
import { useCallback, useRef, useState } from 'react';
import { uploadWithProgress } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, taskChange } from '@/lib/stale-queries';

export interface UploadAttachmentsOptions {
  files: readonly File[];
  /** Optional; trimmed, and left out when blank. */
  description?: string;
  /** Called as the body goes out: the share sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** True for the error of an upload the user cancelled. */
export { isAbortError } from '@/lib/api-client';

/**
 * POST /api/v1/tasks/{taskId}/attachments (multipart/form-data: the description, then each file
 * in `files`); answers all of the task's attachments. Through the API client's upload call
 * (XMLHttpRequest, for its progress): the same path building, X-Client-Id header and ApiError
 * as every other call (the server's message, else 'Unknown error'; status 0 when no answer came).
 */
export async function uploadAttachments(taskId: string, { files, description, onProgress, signal }: UploadAttachmentsOptions): Promise<Attachment[]> {
  const form = new FormData();
  const text = description?.trim();
  if (text) form.append(ATTACHMENT_DESCRIPTION_FIELD, text);
  for (const file of files) form.append(ATTACHMENT_FILES_FIELD, file, file.name);
  const response = await uploadWithProgress(operations.attachments.upload, { params: { taskId }, form, onProgress, signal });
  return response.data;
}

type TaskRef = Pick<Task, '_id' | 'featureId' | 'projectId'>;

export interface UploadAttachmentsInput {
  task: TaskRef;
  files: readonly File[];
  description?: string;
}

/**
 * Uploads with progress (`progress`: 0 to 1 while sending, null otherwise) and a way to cancel.
 * The task's attachment list becomes the server's answer; the task (history), the feature's lists
 * and /tasks (when assigned to the caller) are refreshed before the mutation settles.
 */
export function useUploadAttachments({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: ({ task, files, description }: UploadAttachmentsInput) => {
      controller.current = new AbortController();
      setProgress(0);
      return uploadAttachments(task._id, { files, description, onProgress: setProgress, signal: controller.current.signal });
    },
    onSuccess(attachments, { task }) {
      setProgress(1);
      const key = queryKeys.taskAttachments(task._id);
      queryClient.setQueryData<AttachmentListResponse>(key, (old) => (old ? { ...old, data: attachments } : old));
      return markStale(queryClient, [taskChange('attachment.added', task)], { currentUserId, fresh: [key] });
    },
    onSettled() {
      controller.current = null;
      setProgress(null);
    },
  });
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, progress, cancel };
}
