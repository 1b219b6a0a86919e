import { useMutation, useQueryClient } from '@tanstack/react-query';
import { todoResponseSchema, type UpdateTodoBody } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

export interface UpdateTodoInput {
  todoId: string;
  /** The full todo: PUT replaces it. */
  body: UpdateTodoBody;
}

/** PUT /api/v1/todos/{todoId}. */
export async function updateTodo({ todoId, body }: UpdateTodoInput) {
  const response = await api.put(`/api/v1/todos/${encodeURIComponent(todoId)}`, body, todoResponseSchema);
  return response.todo;
}

/** An edit from the form: the lists are refetched, since filters and order may now differ. */
export function useUpdateTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTodo,
    onSuccess: (todo) => markStale(queryClient, [{ type: 'todo.updated', entityId: todo._id }]),
  });
}
