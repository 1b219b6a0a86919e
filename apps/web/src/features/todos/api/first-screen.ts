import type { QueryClient } from '@tanstack/react-query';
import { localCalendarDate } from '@tasklane/contract';
import { readShowDone, readTodoFilters, toTodoListQuery } from '../lib/todo-filters';
import { todoCategoriesQueryOptions } from './get-todo-categories';
import { todayQueryOptions } from './get-today';
import { todoPagesQueryOptions } from './get-todos';

/**
 * The dashboard's first screen (issue 15 §4): its first page of todos, for the filters in the
 * address, the categories and the Today view, put in the cache before the page first renders. The queries are
 * the page's own (same keys, same requests: without filters they reuse the server's preloads).
 */
export async function prefetchFirstScreen(client: QueryClient, search: URLSearchParams): Promise<void> {
  const listQuery = toTodoListQuery(readTodoFilters(search), localCalendarDate(), { showDone: readShowDone(search) });
  await Promise.all([
    client.prefetchInfiniteQuery(todoPagesQueryOptions(listQuery)),
    client.prefetchQuery(todoCategoriesQueryOptions()),
    // The Today view at the top (decision 037).
    client.prefetchQuery(todayQueryOptions()),
  ]);
}
