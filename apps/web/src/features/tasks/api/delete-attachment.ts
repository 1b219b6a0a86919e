import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Attachment, type AttachmentListResponse, type Task } from '@tasklane/contract';
import { callApi, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, taskChange } from '@/lib/stale-queries';

/** DELETE /api/v1/tasks/{taskId}/attachments/{attachmentId} (the file goes with it). */
export function deleteAttachment(taskId: string, attachmentId: string) {
  return callApi(operations.attachments.delete, { params: { taskId, attachmentId } });
}

export interface DeleteAttachmentInput {
  task: Pick<Task, '_id' | 'featureId' | 'projectId'>;
  attachment: Pick<Attachment, '_id' | 'name'>;
}

/**
 * The attachment leaves the list at once on success; then the list, the task (history), the
 * feature's lists and /tasks (when assigned to the caller) are refetched. A 404 (someone removed
 * it first) refetches the list, so the screen shows what is there.
 */
export function useDeleteAttachment({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, attachment }: DeleteAttachmentInput) => deleteAttachment(task._id, attachment._id),
    onSuccess(_response, { task, attachment }) {
      queryClient.setQueryData<AttachmentListResponse>(queryKeys.taskAttachments(task._id), (old) =>
        old ? { ...old, data: old.data.filter((item) => item._id !== attachment._id) } : old,
      );
      return markStale(queryClient, [taskChange('attachment.removed', task)], { currentUserId });
    },
    onError(error, { task }) {
      if (isApiError(error) && error.status === 404) {
        void markStale(queryClient, [taskChange('attachment.removed', task)], { currentUserId });
      }
    },
  });
}
