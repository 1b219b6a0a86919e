import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TodoBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { loadOperations } from '@/lib/load-operations';
import { markStale } from '@/lib/stale-queries';

/** POST /api/v1/todos. */
export async function createTodo(body: TodoBody) {
  const { todos } = await loadOperations();
  const response = await callApi(todos.create, { body });
  return response.todo;
}

/** Which lists a new todo belongs to is the server's call (filters, order): they are refetched. */
export function useCreateTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTodo,
    onSuccess: (todo) => markStale(queryClient, [{ type: 'todo.created', entityId: todo._id }]),
  });
}
