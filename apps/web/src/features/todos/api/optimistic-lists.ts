import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Todo } from '@tasklane/contract';
import { queryKeys } from '@/lib/query-keys';
import type { TodoPages } from './get-todos';

/** The cached lists as they were before an optimistic change, to put back if the server refuses. */
export type ListsSnapshot = Array<[QueryKey, unknown]>;

const holds = (list: readonly Todo[], todoId: string) => list.some((todo) => todo._id === todoId);

/**
 * Applies a change to every cached list that holds the todo (and only those: a list without it
 * keeps its reference, so nothing re-renders) and returns what to restore on failure: the
 * simple list's whole lists, and the dashboard's pages (whose totals follow a removal).
 * Synchronous, so the screen changes in the same task as the click.
 */
export function changeCachedLists(queryClient: QueryClient, todoId: string, change: (list: Todo[]) => Todo[]) {
  // A list arriving now would overwrite the optimistic state with the old one. Cancelling
  // reverts such a fetch at once (synchronously), before the change below is applied.
  void queryClient.cancelQueries({ queryKey: queryKeys.todos() });
  const snapshot: ListsSnapshot = queryClient.getQueriesData({ queryKey: queryKeys.todos() });
  queryClient.setQueriesData<Todo[]>({ queryKey: queryKeys.todoLists() }, (list) => (list && holds(list, todoId) ? change(list) : list));
  queryClient.setQueriesData<TodoPages>({ queryKey: queryKeys.todoPageLists() }, (data) => {
    if (!data?.pages.some((page) => holds(page.todos, todoId))) return data;
    const changed = data.pages.map((page) => (holds(page.todos, todoId) ? change(page.todos) : page.todos));
    const difference = changed.reduce((sum, todos, index) => sum + todos.length - data.pages[index]!.todos.length, 0);
    return { ...data, pages: data.pages.map((page, index) => ({ ...page, todos: changed[index]!, total: page.total + difference })) };
  });
  return snapshot;
}

export function restoreCachedLists(queryClient: QueryClient, snapshot: ListsSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}
