import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Attachment, type AttachmentListResponse, type Task } from '@tasklane/contract';
import { callApi, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterAttachmentChange } from './task-cache';

/** DELETE /api/v1/tasks/{taskId}/attachments/{attachmentId} (the file goes with it). */
export function deleteAttachment(taskId: string, attachmentId: string) {
  return callApi(operations.attachments.delete, { params: { taskId, attachmentId } });
}

export interface DeleteAttachmentInput {
  task: Pick<Task, '_id' | 'status' | 'assigneeId' | 'featureId' | 'projectId'>;
  routeFeatureId: string;
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
    onSuccess(_response, { task, routeFeatureId, attachment }) {
      queryClient.setQueryData<AttachmentListResponse>(queryKeys.taskAttachments(task.projectId._id, routeFeatureId, task._id), (old) =>
        old ? { ...old, data: old.data.filter((item) => item._id !== attachment._id) } : old,
      );
      return refreshAfterAttachmentChange(queryClient, { task, routeFeatureId, currentUserId });
    },
    onError(error, { task, routeFeatureId }) {
      if (isApiError(error) && error.status === 404) {
        void refreshAfterAttachmentChange(queryClient, { task, routeFeatureId, currentUserId });
      }
    },
  });
}
