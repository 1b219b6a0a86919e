import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { loadOperations } from '@/lib/load-operations';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/todos/{todoId}: one of your todos, for a link that opens it (a search result, a reminder). */
export async function getTodo(todoId: string, signal?: AbortSignal) {
  const { todos } = await loadOperations();
  return (await callApi(todos.get, { params: { todoId }, signal })).todo;
}

// A link is opened once: a todo that is not found (deleted, someone else's) is not asked again.
export const todoQueryOptions = (todoId: string) =>
  queryOptions({ queryKey: queryKeys.todoDetail(todoId), queryFn: ({ signal }) => getTodo(todoId, signal), retry: false });

/** The todo a link names, or nothing while there is no such link (`todoId` null). */
export function useLinkedTodo(todoId: string | null) {
  return useQuery({ ...todoQueryOptions(todoId ?? ''), enabled: todoId !== null });
}
