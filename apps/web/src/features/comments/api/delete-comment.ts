import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CommentsResponse } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale } from '@/lib/stale-queries';

export interface DeleteCommentInput {
  taskId: string;
  commentId: string;
}

/** DELETE /api/v1/tasks/{taskId}/comments/{commentId}: its author, or a project ADMIN or MODERATOR. */
export async function deleteComment({ taskId, commentId }: DeleteCommentInput) {
  await callApi(operations.comments.delete, { params: { taskId, commentId } });
}

/** The comment leaves the cached list at once; the list is then refetched. */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess(_result, { taskId, commentId }) {
      queryClient.setQueryData<CommentsResponse>(queryKeys.comments(taskId), (cached) =>
        cached && cached.data.some((item) => item._id === commentId)
          ? { ...cached, data: cached.data.filter((item) => item._id !== commentId), total: cached.total - 1 }
          : cached,
      );
      return markStale(queryClient, [{ type: 'comment.deleted', entityId: commentId, taskId }]);
    },
  });
}
