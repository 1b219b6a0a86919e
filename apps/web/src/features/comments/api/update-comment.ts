import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CommentsResponse } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale } from '@/lib/stale-queries';

export interface UpdateCommentInput {
  taskId: string;
  commentId: string;
  comment: string;
}

/** PUT /api/v1/tasks/{taskId}/comments/{commentId}: its author changes a comment's text. */
export async function updateComment({ taskId, commentId, comment }: UpdateCommentInput) {
  const response = await callApi(operations.comments.update, { params: { taskId, commentId }, body: { comment } });
  return response.data;
}

/** The edited comment replaces its cached copy at once (marked edited); the list is then refetched. */
export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess(comment, { taskId }) {
      queryClient.setQueryData<CommentsResponse>(queryKeys.comments(taskId), (cached) =>
        cached ? { ...cached, data: cached.data.map((item) => (item._id === comment._id ? comment : item)) } : cached,
      );
      return markStale(queryClient, [{ type: 'comment.updated', entityId: comment._id, taskId }]);
    },
  });
}
