import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations, type Task } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One page of /tasks as the server answered it. */
export interface AssignedTaskPage {
  tasks: Task[];
  /** The assigned tasks matching the search and filters. */
  total: number;
  /** How many pages of that size there are (0 when none match). */
  pages: number;
  /** The completed and cancelled tasks the filters match, left out (issue 18); 0 when none were. */
  hiddenDone: number;
}

/** GET /api/v1/users/tasks with a page, a limit, the search, the filters and the sort. */
export async function getAssignedTaskPage(query: Record<string, string>, signal?: AbortSignal): Promise<AssignedTaskPage> {
  const response = await callApi(operations.tasks.listAssigned, { query, signal });
  return { tasks: response.data, total: response.total, pages: response.pagination.total, hiddenDone: response.hiddenDone ?? 0 };
}

export const assignedTaskPageQueryOptions = (query: Record<string, string>) =>
  queryOptions({ queryKey: queryKeys.assignedTaskPage(query), queryFn: ({ signal }) => getAssignedTaskPage(query, signal) });

/** A page of /tasks; while another page or other filters load, the previous page stays on screen (`isPlaceholderData`). */
export function useAssignedTaskPage(query: Record<string, string>) {
  return useQuery({ ...assignedTaskPageQueryOptions(query), placeholderData: keepPreviousData });
}

/**
 * How many tasks are assigned to the caller in all (the Y of 'Showing X of Y tasks'): a page of
 * one without filters. Asked only while a search or filter is on; otherwise the page says it.
 */
export function useAssignedTaskCount(isNeeded: boolean) {
  return useQuery({
    queryKey: queryKeys.assignedTaskCount(),
    queryFn: async ({ signal }) => (await getAssignedTaskPage({ page: '1', limit: '1' }, signal)).total,
    enabled: isNeeded,
  });
}
