import { queryOptions, useQuery } from '@tanstack/react-query';
import { attachmentLimitsResponseSchema, attachmentListResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const attachmentsPath = (taskId: string) => `/api/v1/tasks/${encodeURIComponent(taskId)}/attachments`;

/**
 * Where an attachment's bytes are (GET, with Content-Disposition: attachment): a plain link
 * with `download` lets the browser stream the file to disk with the session cookie.
 */
export const attachmentFileHref = (taskId: string, attachmentId: string) => `${attachmentsPath(taskId)}/${encodeURIComponent(attachmentId)}`;

/** POST target of an upload. */
export const attachmentsUploadPath = attachmentsPath;

/** GET /api/v1/tasks/{taskId}/attachments: the task's attachments (oldest first) and the upload limits. */
export async function getAttachments(taskId: string, signal?: AbortSignal) {
  return api.get(attachmentsPath(taskId), attachmentListResponseSchema, signal);
}

/** Keyed under the task, so that everything of the task goes together. */
export const attachmentsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.taskAttachments(taskId),
    queryFn: ({ signal }) => getAttachments(taskId, signal),
  });

export function useAttachments(taskId: string) {
  return useQuery(attachmentsQueryOptions(taskId));
}

/** GET /api/v1/attachments/limits: the limits alone, for files picked before their task exists. */
export async function getAttachmentLimits(signal?: AbortSignal) {
  const response = await api.get('/api/v1/attachments/limits', attachmentLimitsResponseSchema, signal);
  return response.data;
}

/** The server's configuration: it does not change while the app runs. */
export function useAttachmentLimits({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: queryKeys.attachmentLimits(), queryFn: ({ signal }) => getAttachmentLimits(signal), staleTime: Infinity, enabled });
}
