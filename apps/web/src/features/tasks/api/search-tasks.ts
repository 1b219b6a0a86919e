import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many tasks the relation picker offers. */
export const TASK_PICKER_LIMIT = 10;

/** GET /api/v1/search?types=task: the tasks the caller can see whose title (or key: WEB-12) matches `q`. */
export async function searchTasks(q: string, signal?: AbortSignal) {
  const response = await callApi(operations.search.everything, { query: { q, types: 'task', limit: TASK_PICKER_LIMIT }, signal });
  return response.data;
}

/** Searches once `q` (debounced by the caller) has something in it; short-lived, like the palette's. */
export function useTaskSearch(q: string) {
  const trimmed = q.trim();
  return useQuery({
    queryKey: queryKeys.taskSearch(trimmed),
    queryFn: ({ signal }) => searchTasks(trimmed, signal),
    enabled: trimmed !== '',
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    gcTime: 60_000,
  });
}
