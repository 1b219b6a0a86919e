import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickTodoBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { loadOperations } from '@/lib/load-operations';
import { markStale } from '@/lib/stale-queries';

/** POST /api/v1/todos/quick: a todo whose category may be left out (decision 032). */
export async function quickAddTodo(body: QuickTodoBody) {
  const { todos } = await loadOperations();
  const response = await callApi(todos.quickAdd, { body });
  return response.todo;
}

/**
 * As a created todo, and, when it went to the default category, that category too: the first
 * quick add creates it ("Inbox"), which the category lists and the default's answer then show.
 */
export function useQuickAddTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickAddTodo,
    onSuccess: (todo, body) =>
      markStale(queryClient, [
        { type: 'todo.created', entityId: todo._id },
        ...(body.category ? [] : [{ type: 'category.created' as const, entityId: todo.category?._id ?? '' }]),
      ]),
  });
}
