import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Todo } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { callApi } from '@/lib/api-client';
import { loadOperations } from '@/lib/load-operations';
import { errorMessage } from '@/lib/errors';
import { markStale } from '@/lib/stale-queries';
import { changeCachedLists, restoreCachedLists } from './optimistic-lists';

/** DELETE /api/v1/todos/{todoId}. */
export async function deleteTodo(todoId: string) {
  const { todos } = await loadOperations();
  return callApi(todos.delete, { params: { todoId } });
}

/** The card leaves every cached list at once; it comes back with the error toast if the server refuses. */
export function useDeleteTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (todo: Todo) => deleteTodo(todo._id),
    onMutate: (todo) => changeCachedLists(queryClient, todo._id, (list) => list.filter((item) => item._id !== todo._id)),
    onSuccess: () => toast.success('Todo deleted successfully'),
    onError(error, _todo, snapshot) {
      restoreCachedLists(queryClient, snapshot);
      toast.error(errorMessage(error, 'Failed to delete todo', 'An error occurred while deleting the todo'));
    },
    onSettled: (_response, _error, todo) => markStale(queryClient, [{ type: 'todo.deleted', entityId: todo._id }]),
  });
}
