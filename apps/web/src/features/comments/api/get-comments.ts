import { queryOptions, useQuery } from '@tanstack/react-query';
import { commentsResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/{taskId}/comments: the task's comments, oldest first, with their total. */
export function getComments(taskId: string, signal?: AbortSignal) {
  return api.get(`/api/v1/tasks/${encodeURIComponent(taskId)}/comments`, commentsResponseSchema, signal);
}

export const commentsQueryOptions = (taskId: string) =>
  queryOptions({ queryKey: queryKeys.comments(taskId), queryFn: ({ signal }) => getComments(taskId, signal) });

export function useComments(taskId: string) {
  return useQuery(commentsQueryOptions(taskId));
}
