import { useMutation, useQueryClient } from '@tanstack/react-query';
import { todoResponseSchema, type TodoBody } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

/** POST /api/v1/todos. */
export async function createTodo(body: TodoBody) {
  const response = await api.post('/api/v1/todos', body, todoResponseSchema);
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
