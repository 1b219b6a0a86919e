import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import type { TodoListQuery } from '../lib/todo-filters';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/todos: the caller's todos, filtered by the server. */
export async function getTodos(query: TodoListQuery, signal?: AbortSignal) {
  const response = await callApi(operations.todos.list, { query, signal });
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
