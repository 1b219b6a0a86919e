import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type TodoBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

/** POST /api/v1/todos. */
export async function createTodo(body: TodoBody) {
  const response = await callApi(operations.todos.create, { body });
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
