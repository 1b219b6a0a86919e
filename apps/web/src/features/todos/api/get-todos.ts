import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import type { TodoListQuery } from '../lib/todo-filters';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/todos: the caller's todos, filtered by the server. The dashboard's first screen:
 * its answer is not parsed again (the server serializes it through the contract's schema), so
 * no zod is loaded for it nor run over thousands of todos; without filters the URL is the one
 * the server preloads (apps/server/src/http/first-screen.ts).
 */
export async function getTodos(query: TodoListQuery, signal?: AbortSignal) {
  const response = await callApi(unparsed<Operations['todos']['list']>(operationRoutes.todos.list), { query, signal });
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
