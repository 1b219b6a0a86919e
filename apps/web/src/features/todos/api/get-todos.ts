import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Operations, Todo } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import type { TodoListQuery } from '../lib/todo-filters';
import { queryKeys } from '@/lib/query-keys';

/*
 * GET /api/v1/todos answers are not parsed again in the browser (the server serializes them
 * through the contract's schema), so no zod is loaded for the dashboard, the first screen, nor
 * run over its todos; without filters its first page's URL is the one the server preloads
 * (apps/server/src/http/first-screen.ts).
 */
const listTodos = unparsed<Operations['todos']['list']>(operationRoutes.todos.list);

/** GET /api/v1/todos: every todo of the caller's that the filters select (the simple list). */
export async function getTodos(query: TodoListQuery, signal?: AbortSignal) {
  const response = await callApi(listTodos, { query, signal });
  return response.todos;
}

export const todosQueryOptions = (query: TodoListQuery) =>
  queryOptions({
    queryKey: queryKeys.todoList(query),
    queryFn: ({ signal }) => getTodos(query, signal),
  });

/** While other filters load, the previous list stays on screen (marked by `isPlaceholderData`). */
export function useTodos(query: TodoListQuery) {
  return useQuery({ ...todosQueryOptions(query), placeholderData: keepPreviousData });
}

/**
 * Cards a page on the dashboard: a list of thousands arrives and renders a page at a time, so a
 * filter change or a tick costs a few dozen cards, not thousands.
 */
export const TODO_PAGE_SIZE = 24;

/** One page of the dashboard's list as the server answered it. */
export interface TodoPage {
  todos: Todo[];
  /** The todos matching the filters, on every page. */
  total: number;
  /** The completed and cancelled todos the filters match, left out (issue 18); 0 when none were. */
  hiddenDone: number;
  page: number;
  pages: number;
}
export type TodoPages = InfiniteData<TodoPage, number>;

/** GET /api/v1/todos?page=&limit=24 with the filters: one page, and how many match. */
export async function getTodoPage(query: TodoListQuery, page: number, signal?: AbortSignal): Promise<TodoPage> {
  const response = await callApi(listTodos, { query: { ...query, page, limit: TODO_PAGE_SIZE }, signal });
  return {
    todos: response.todos,
    total: response.total ?? response.todos.length,
    hiddenDone: response.hiddenDone ?? 0,
    page,
    pages: response.pagination?.total ?? 1,
  };
}

/** The pages loaded so far as one list (a todo shifted between pages while they loaded shows once) and the total. */
export function joinTodoPages(data: TodoPages): { todos: Todo[]; total: number; hiddenDone: number } {
  const seen = new Set<string>();
  const todos = data.pages.flatMap((page) => page.todos).filter((todo) => !seen.has(todo._id) && seen.add(todo._id));
  return { todos, total: Math.max(data.pages.at(-1)?.total ?? 0, todos.length), hiddenDone: data.pages.at(-1)?.hiddenDone ?? 0 };
}

export const todoPagesQueryOptions = (query: TodoListQuery) =>
  infiniteQueryOptions({
    queryKey: queryKeys.todoPages(query),
    queryFn: ({ pageParam, signal }) => getTodoPage(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TodoPage) => (last.page < last.pages ? last.page + 1 : undefined),
  });

/**
 * The dashboard's list: the first page, more with `fetchNextPage` ('Show more'). While other
 * filters load, the previous list stays on screen (marked by `isPlaceholderData`).
 */
export function useTodoPages(query: TodoListQuery) {
  return useInfiniteQuery({ ...todoPagesQueryOptions(query), placeholderData: keepPreviousData, select: joinTodoPages });
}

/** A list left (other filters, another screen) comes back at one page, as it first opened. */
export function keepFirstTodoPage(queryClient: QueryClient, query: TodoListQuery) {
  queryClient.setQueryData<TodoPages>(queryKeys.todoPages(query), (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}
