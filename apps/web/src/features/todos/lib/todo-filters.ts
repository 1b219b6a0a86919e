import { priorities, todoStatuses, type Priority, type TodoStatus } from '@tasklane/contract';

export const dateFilters = ['today', 'other'] as const;
export type DateFilter = (typeof dateFilters)[number];

/** The dashboard's four filters; an absent key means 'All'. */
export interface TodoFilters {
  status?: TodoStatus;
  priority?: Priority;
  category?: string;
  date?: DateFilter;
}
export type TodoFilterKey = keyof TodoFilters;
export const todoFilterKeys = ['status', 'priority', 'category', 'date'] as const satisfies readonly TodoFilterKey[];

/** What GET /api/v1/todos is sent; also the list's query key (equal filters share one cache entry). */
export interface TodoListQuery extends TodoFilters {
  /** The visitor's local date, sent only with the date filter so that 'today' is their today. */
  today?: string;
  /** Issue 18: completed and cancelled todos are left out (and counted) unless shown or a status is chosen. */
  hideDone?: 'true';
}

/** The URL parameter that shows completed and cancelled todos ('Show completed'). */
const SHOW_DONE_PARAM = 'done';

/** Whether the URL asks for completed and cancelled todos too (hidden by default, issue 18). */
export function readShowDone(params: URLSearchParams): boolean {
  return params.get(SHOW_DONE_PARAM) === 'show';
}

/** The URL's parameters with completed todos shown or hidden (the default: no parameter). */
export function withShowDone(params: URLSearchParams, isShown: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (isShown) next.set(SHOW_DONE_PARAM, 'show');
  else next.delete(SHOW_DONE_PARAM);
  return next;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The filters kept in the URL (so a reload keeps them); unknown values count as 'All'. */
export function readTodoFilters(params: URLSearchParams): TodoFilters {
  const filters: TodoFilters = {};
  const status = params.get('status');
  const priority = params.get('priority');
  const category = params.get('category');
  const date = params.get('date');
  if (isOneOf(todoStatuses, status)) filters.status = status;
  if (isOneOf(priorities, priority)) filters.priority = priority;
  if (category && uuidPattern.test(category)) filters.category = category;
  if (isOneOf(dateFilters, date)) filters.date = date;
  return filters;
}

/** The URL's parameters with one filter set ('' for 'All' removes it); other parameters stay. */
export function withTodoFilter(params: URLSearchParams, key: TodoFilterKey, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

/** The URL's parameters without any of the filters. */
export function withoutTodoFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of todoFilterKeys) next.delete(key);
  return next;
}

export function hasTodoFilters(filters: TodoFilters): boolean {
  return todoFilterKeys.some((key) => filters[key] !== undefined);
}

/**
 * The filters as the API's query, in a fixed order; `today` only accompanies the date filter;
 * done todos are hidden unless shown or a status is chosen (the status says what to show).
 */
export function toTodoListQuery(filters: TodoFilters, today: string, { showDone = false }: { showDone?: boolean } = {}): TodoListQuery {
  const query: TodoListQuery = {};
  for (const key of todoFilterKeys) {
    const value = filters[key];
    if (value !== undefined) Object.assign(query, { [key]: value });
  }
  if (filters.date) query.today = today;
  if (!showDone && !filters.status) query.hideDone = 'true';
  return query;
}

