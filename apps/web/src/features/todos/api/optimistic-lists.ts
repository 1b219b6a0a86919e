import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Todo } from '@tasklane/contract';
import { queryKeys } from '@/lib/query-keys';

/** The cached lists as they were before an optimistic change, to put back if the server refuses. */
export type ListsSnapshot = Array<[QueryKey, Todo[] | undefined]>;

/**
 * Applies a change to every cached list that holds the todo (and only those: a list without it
 * keeps its reference, so nothing re-renders) and returns what to restore on failure.
 * Synchronous, so the screen changes in the same task as the click.
 */
export function changeCachedLists(queryClient: QueryClient, todoId: string, change: (list: Todo[]) => Todo[]) {
  // A list arriving now would overwrite the optimistic state with the old one. Cancelling
  // reverts such a fetch at once (synchronously), before the change below is applied.
  void queryClient.cancelQueries({ queryKey: queryKeys.todoLists() });
  const snapshot: ListsSnapshot = queryClient.getQueriesData<Todo[]>({ queryKey: queryKeys.todoLists() });
  queryClient.setQueriesData<Todo[]>({ queryKey: queryKeys.todoLists() }, (list) =>
    list?.some((todo) => todo._id === todoId) ? change(list) : list,
  );
  return snapshot;
}

export function restoreCachedLists(queryClient: QueryClient, snapshot: ListsSnapshot | undefined) {
  for (const [key, list] of snapshot ?? []) queryClient.setQueryData(key, list);
}
