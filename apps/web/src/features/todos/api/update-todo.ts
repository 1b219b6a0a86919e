import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateTodoBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { loadOperations } from '@/lib/load-operations';
import { markStale } from '@/lib/stale-queries';

export interface UpdateTodoInput {
  todoId: string;
  /** The full todo: PUT replaces it. */
  body: UpdateTodoBody;
}

/** PUT /api/v1/todos/{todoId}. */
export async function updateTodo({ todoId, body }: UpdateTodoInput) {
  const { todos } = await loadOperations();
  const response = await callApi(todos.update, { params: { todoId }, body });
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
