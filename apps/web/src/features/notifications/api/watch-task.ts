import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operations, type WatchResponse } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/{taskId}/watch. */
export const taskWatchQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.taskWatch(taskId),
    queryFn: async ({ signal }) => (await callApi(operations.watching.get, { params: { taskId }, signal })).data.watching,
  });

export function useTaskWatch(taskId: string) {
  return useQuery(taskWatchQueryOptions(taskId));
}

/** PUT (watch) or DELETE (unwatch) /api/v1/tasks/{taskId}/watch; the answer is the new state. */
export function useSetTaskWatch(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (watching: boolean): Promise<WatchResponse['data']> => {
      const operation = watching ? operations.watching.watch : operations.watching.unwatch;
      return (await callApi(operation, { params: { taskId } })).data;
    },
    onSuccess: (data) => queryClient.setQueryData(queryKeys.taskWatch(taskId), data.watching),
  });
}
