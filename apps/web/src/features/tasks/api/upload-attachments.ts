import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ATTACHMENT_DESCRIPTION_FIELD,
  ATTACHMENT_FILES_FIELD,
  attachmentsResponseSchema,
  type Attachment,
  type AttachmentListResponse,
  type Task,
} from '@tasklane/contract';
import { useCallback, useRef, useState } from 'react';
import { ApiError, apiErrorFromResponse, parseResponseBody, parseResponseText } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, taskChange } from '@/lib/stale-queries';
import { attachmentsUploadPath } from './get-attachments';

export interface UploadAttachmentsOptions {
  files: readonly File[];
  /** Optional; trimmed, and left out when blank. */
  description?: string;
  /** Called as the body goes out: the share sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** True for the error of an upload the user cancelled. */
export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * POST /api/v1/tasks/{taskId}/attachments (multipart/form-data: the description, then each file
 * in `files`); answers all of the task's attachments. XMLHttpRequest rather than fetch, because
 * only it reports upload progress. Same origin, so the session cookie goes with it and the
 * origin check passes; failures become the same ApiError as every other call (the server's
 * message, else 'Unknown error'; status 0 when no answer came).
 */
export function uploadAttachments(taskId: string, { files, description, onProgress, signal }: UploadAttachmentsOptions): Promise<Attachment[]> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled', 'AbortError');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const form = new FormData();
    const text = description?.trim();
    if (text) form.append(ATTACHMENT_DESCRIPTION_FIELD, text);
    for (const file of files) form.append(ATTACHMENT_FILES_FIELD, file, file.name);

    const request = new XMLHttpRequest();
    request.open('POST', attachmentsUploadPath(taskId));
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const data = parseResponseText(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorFromResponse(request.status, data));
        return;
      }
      try {
        resolve(parseResponseBody(request.status, data, attachmentsResponseSchema).data);
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener('error', () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR' })));
    request.addEventListener('abort', () => reject(cancelled()));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
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
