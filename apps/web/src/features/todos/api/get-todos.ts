import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { todosResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { toQueryString, type TodoListQuery } from '../lib/todo-filters';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/todos: the caller's todos, filtered by the server. */
export async function getTodos(query: TodoListQuery, signal?: AbortSignal) {
  const response = await api.get(`/api/v1/todos${toQueryString(query)}`, todosResponseSchema, signal);
  return response.todos;
}

export const todosQueryOptions = (query: TodoListQuery) =>
  queryOptions({
    queryKey: queryKeys.todoList(query),
    queryFn: ({ signal }) => getTodos(query, signal),
  });

/** While other filters load, the previous list stays on screen (marked by `isPlaceholderData`). */
export function useTodos(query: TodoListQuery) {
  return useQuery({ ...todosQueryOptions(query), placeholderData: keepPreviousData });
}
