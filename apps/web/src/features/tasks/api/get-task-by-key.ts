import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/{key}: the task a key (WEB-42) names, answered as by its id. */
export async function getTaskByKey(key: string, signal?: AbortSignal) {
  const response = await callApi(operations.tasks.get, { params: { taskId: key }, signal });
  return response.data;
}

/**
 * The task behind /t/{key}. Its answer also fills the task's own detail, so the page the route
 * goes on to shows it without asking again.
 */
export function useTaskByKey(key: string) {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: queryKeys.taskByKey(key),
      queryFn: async ({ signal }) => {
        const task = await getTaskByKey(key, signal);
        queryClient.setQueryData(queryKeys.task(task._id), task);
        return task;
      },
      // A key can come to name another task (its project's key changed): ask each time it is opened.
      staleTime: 0,
      gcTime: 0,
    }),
  );
}
