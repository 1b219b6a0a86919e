import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Todo, TodoStatus } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { errorMessage } from '@/lib/errors';
import { toUpdateBody, withStatus } from '../lib/todo-body';
import { markStale } from '@/lib/stale-queries';
import { changeCachedLists, restoreCachedLists } from './optimistic-lists';
import { updateTodo } from './update-todo';

export interface ToggleTodoInput {
  todo: Todo;
  /** The status the screen's toggle rule gives (toggleTodoStatus or toggleListTodoStatus). */
  status: TodoStatus;
}

/**
 * A tick: the card changes at once in every cached list that shows the todo; if the server
 * refuses, the lists go back and the error toast shows. Afterwards the lists are refetched
 * (a filtered list may no longer hold the todo).
 */
export function useToggleTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ todo, status }: ToggleTodoInput) => updateTodo({ todoId: todo._id, body: toUpdateBody(todo, status) }),
    onMutate: ({ todo, status }) =>
      changeCachedLists(queryClient, todo._id, (list) => list.map((item) => (item._id === todo._id ? withStatus(item, status) : item))),
    onError(error, _input, snapshot) {
      restoreCachedLists(queryClient, snapshot);
      toast.error(errorMessage(error, 'Failed to update todo', 'An error occurred while updating the todo'));
    },
    onSettled: (_todo, _error, { todo }) => markStale(queryClient, [{ type: 'todo.updated', entityId: todo._id }]),
  });
}
