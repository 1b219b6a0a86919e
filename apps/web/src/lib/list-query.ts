import { priorities, type Priority } from '@tasklane/contract';

/**
 * The state of a paged, filtered and sorted list (features, a feature's tasks) as it lives in
 * the URL (`?search=pay&status=DONE&priority=HIGH&sortBy=title&sortOrder=asc&page=2`), so that a
 * reload or a shared link keeps it, and as it is sent to the API. Defaults are left out of both.
 */
export type SortOrder = 'asc' | 'desc';

export interface ListState<Status extends string, SortField extends string> {
  page: number;
  search: string;
  status?: Status;
  priority?: Priority;
  sortBy: SortField;
  sortOrder: SortOrder;
}

export interface ListOptions<Status extends string, SortField extends string> {
  statuses: readonly Status[];
  sortFields: readonly SortField[];
  defaultSortBy: SortField;
  defaultSortOrder: SortOrder;
}

export const listParamKeys = ['search', 'status', 'priority', 'sortBy', 'sortOrder', 'page'] as const;
export type ListParamKey = (typeof listParamKeys)[number];

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The list's state from the URL; unknown or malformed values count as the defaults. */
export function readListState<Status extends string, SortField extends string>(
  params: URLSearchParams,
  options: ListOptions<Status, SortField>,
): ListState<Status, SortField> {
  const state: ListState<Status, SortField> = {
    page: 1,
    search: (params.get('search') ?? '').slice(0, 200),
    sortBy: options.defaultSortBy,
    sortOrder: options.defaultSortOrder,
  };
  const page = params.get('page');
  if (page && /^[1-9]\d{0,5}$/.test(page)) state.page = Number(page);
  const status = params.get('status');
  if (isOneOf(options.statuses, status)) state.status = status;
  const priority = params.get('priority');
  if (isOneOf(priorities, priority)) state.priority = priority;
  const sortBy = params.get('sortBy');
  if (isOneOf(options.sortFields, sortBy)) state.sortBy = sortBy;
  const sortOrder = params.get('sortOrder');
  if (sortOrder === 'asc' || sortOrder === 'desc') state.sortOrder = sortOrder;
  return state;
}

/**
 * The URL's parameters with one of the list's set ('' removes it). Changing what is shown
 * (search, a filter, the sort) goes back to page 1; other parameters of the URL stay.
 */
export function withListParam(params: URLSearchParams, key: ListParamKey, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  if (key !== 'page') next.delete('page');
  if (key === 'page' && value === '1') next.delete('page');
  return next;
}

/** The URL's parameters with a new sort (defaults left out), back on page 1. */
export function withListSort<SortField extends string>(
  params: URLSearchParams,
  sort: { sortBy: SortField; sortOrder: SortOrder },
  defaults: { sortBy: SortField; sortOrder: SortOrder },
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  const isDefault = sort.sortBy === defaults.sortBy && sort.sortOrder === defaults.sortOrder;
  if (isDefault) {
    next.delete('sortBy');
    next.delete('sortOrder');
  } else {
    next.set('sortBy', sort.sortBy);
    next.set('sortOrder', sort.sortOrder);
  }
  return next;
}

/** The URL's parameters without search and filters (the sort stays), back on page 1. */
export function withoutListFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['search', 'status', 'priority', 'page']) next.delete(key);
  return next;
}

export function hasListFilters(state: { search: string; status?: string; priority?: string }): boolean {
  return state.search.trim() !== '' || state.status !== undefined || state.priority !== undefined;
}

/**
 * What the API is sent, in a fixed order and without blanks: the page, the page size, the
 * trimmed search, the filters and the sort. Also the list's query key (equal lists share it).
 */
export function toListQuery<Status extends string, SortField extends string>(
  state: ListState<Status, SortField>,
  limit: number,
): Record<string, string> {
  const query: Record<string, string> = { page: String(state.page), limit: String(limit) };
  const search = state.search.trim();
  if (search) query.search = search;
  if (state.status) query.status = state.status;
  if (state.priority) query.priority = state.priority;
  query.sortBy = state.sortBy;
  query.sortOrder = state.sortOrder;
  return query;
}

/**
 * The next sort when a column header is clicked: the same column flips its order; another
 * column starts with `firstOrder` (ascending for text, descending for dates and priority).
 */
export function nextSort<SortField extends string>(
  current: { sortBy: SortField; sortOrder: SortOrder },
  column: SortField,
  firstOrder: SortOrder,
): { sortBy: SortField; sortOrder: SortOrder } {
  if (current.sortBy === column) return { sortBy: column, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: column, sortOrder: firstOrder };
}
