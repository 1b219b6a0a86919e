import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CommentsResponse } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale } from '@/lib/stale-queries';

export interface AddCommentInput {
  taskId: string;
  comment: string;
}

/** POST /api/v1/tasks/{taskId}/comments. */
export async function addComment({ taskId, comment }: AddCommentInput) {
  const response = await callApi(operations.comments.create, { params: { taskId }, body: { comment } });
  return response.data;
}

/** The new comment joins the end of the cached list at once; the list is then refetched (others may have commented too). */
export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess(comment, { taskId }) {
      queryClient.setQueryData<CommentsResponse>(queryKeys.comments(taskId), (cached) =>
        cached && !cached.data.some((item) => item._id === comment._id)
          ? { ...cached, data: [...cached.data, comment], total: cached.total + 1 }
          : cached,
      );
      return markStale(queryClient, [{ type: 'comment.created', entityId: comment._id, taskId }]);
    },
  });
}
