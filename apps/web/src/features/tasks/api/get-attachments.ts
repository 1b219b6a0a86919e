import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi, operationUrl } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Where an attachment's bytes are (GET, with Content-Disposition: attachment): a plain link
 * with `download` lets the browser stream the file to disk with the session cookie.
 */
export const attachmentFileHref = (taskId: string, attachmentId: string) =>
  operationUrl(operations.attachments.download, { params: { taskId, attachmentId } });

/** GET /api/v1/tasks/{taskId}/attachments: the task's attachments (oldest first) and the upload limits. */
export async function getAttachments(taskId: string, signal?: AbortSignal) {
  return callApi(operations.attachments.list, { params: { taskId }, signal });
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
  const response = await callApi(operations.attachments.limits, { signal });
  return response.data;
}

/** The server's configuration: it does not change while the app runs. */
export function useAttachmentLimits({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: queryKeys.attachmentLimits(), queryFn: ({ signal }) => getAttachmentLimits(signal), staleTime: Infinity, enabled });
}
