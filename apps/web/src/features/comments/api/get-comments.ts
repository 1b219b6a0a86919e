import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/{taskId}/comments: the task's comments, oldest first, with their total. */
export function getComments(taskId: string, signal?: AbortSignal) {
  return callApi(operations.comments.list, { params: { taskId }, signal });
}

export const commentsQueryOptions = (taskId: string) =>
  queryOptions({ queryKey: queryKeys.comments(taskId), queryFn: ({ signal }) => getComments(taskId, signal) });

export function useComments(taskId: string) {
  return useQuery(commentsQueryOptions(taskId));
}
