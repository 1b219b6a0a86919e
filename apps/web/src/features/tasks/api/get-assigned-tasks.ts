import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations, type Task } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The server's largest page of assigned tasks. */
const PAGE_LIMIT = 1000;

/**
 * GET /api/v1/users/tasks: every task assigned to the caller. The screen searches, sorts and
 * counts them itself (SPEC 2), so all of them are loaded: the first page says how many pages
 * there are, and the rest come in parallel.
 */
export async function getAssignedTasks(signal?: AbortSignal): Promise<Task[]> {
  const page = (number: number) => callApi(operations.tasks.listAssigned, { query: { page: number, limit: PAGE_LIMIT }, signal });
  const first = await page(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.pagination.total - 1) }, (_, index) => page(index + 2)));
  // A task could shift between pages while they load; keep each once.
  const seen = new Set<string>();
  return [first, ...rest].flatMap((response) => response.data).filter((task) => !seen.has(task._id) && seen.add(task._id));
}

export const assignedTasksQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.assignedTasks(), queryFn: ({ signal }) => getAssignedTasks(signal) });

export function useAssignedTasks() {
  return useQuery(assignedTasksQueryOptions());
}
