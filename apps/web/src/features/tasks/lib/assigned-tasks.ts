import { priorities, taskStatusFilters, type Priority, type TaskSortField, type TaskStatusFilter } from '@tasklane/contract';

/**
 * /tasks: the caller's assigned tasks, searched, filtered, sorted and paged by the server, 30 a
 * page (SPEC 2: 'Showing X of Y tasks'). The state lives in the URL:
 * `?search=&status=&priority=&sort=&page=`.
 */
export const assignedTaskSorts = ['dueDate', 'priority', 'status', 'createdAt'] as const;
export type AssignedTaskSort = (typeof assignedTaskSorts)[number];

export const assignedSortOptions: ReadonlyArray<{ value: AssignedTaskSort; label: string }> = [
  { value: 'dueDate', label: 'Sort by Due Date' },
  { value: 'priority', label: 'Sort by Priority' },
  { value: 'status', label: 'Sort by Status' },
  { value: 'createdAt', label: 'Sort by Created' },
];

/** Cards a page: enough to scan, few enough to render at once whatever the total. */
export const ASSIGNED_PAGE_SIZE = 30;

export interface AssignedTaskFilters {
  search: string;
  status?: TaskStatusFilter;
  priority?: Priority;
  sort: AssignedTaskSort;
  page: number;
  /** Issue 18: completed and cancelled tasks are hidden unless shown (`?done=show`) or a status is chosen. */
  showDone: boolean;
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

export function readAssignedTaskFilters(params: URLSearchParams): AssignedTaskFilters {
  const filters: AssignedTaskFilters = { search: params.get('search') ?? '', sort: 'dueDate', page: 1, showDone: params.get('done') === 'show' };
  const status = params.get('status');
  if (isOneOf(taskStatusFilters, status)) filters.status = status;
  const priority = params.get('priority');
  if (isOneOf(priorities, priority)) filters.priority = priority;
  const sort = params.get('sort');
  if (isOneOf(assignedTaskSorts, sort)) filters.sort = sort;
  const page = params.get('page');
  if (page && /^[1-9]\d{0,5}$/.test(page)) filters.page = Number(page);
  return filters;
}

/** The URL's parameters with one of them set ('' or the default removes it); anything but the page goes back to page 1. */
export function withAssignedTaskParam(params: URLSearchParams, key: 'search' | 'status' | 'priority' | 'sort' | 'page' | 'done', value: string) {
  const next = new URLSearchParams(params);
  const isDefault = value === '' || (key === 'sort' && value === 'dueDate') || (key === 'page' && value === '1') || (key === 'done' && value !== 'show');
  if (isDefault) next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}

export function hasAssignedTaskFilters(filters: Pick<AssignedTaskFilters, 'search' | 'status' | 'priority'>): boolean {
  return filters.search.trim() !== '' || filters.status !== undefined || filters.priority !== undefined;
}

const sortQueries: Record<AssignedTaskSort, { sortBy: TaskSortField; sortOrder: 'asc' | 'desc' }> = {
  // Due date ascending, tasks without one last; ties newest first.
  dueDate: { sortBy: 'dueDate', sortOrder: 'asc' },
  // SPEC 9: URGENT > HIGH > MEDIUM > LOW; the server breaks ties by due date, soonest first.
  priority: { sortBy: 'priority', sortOrder: 'desc' },
  // In the order the statuses are listed (TODO first, CANCELLED last), ties by due date.
  status: { sortBy: 'status', sortOrder: 'asc' },
  // Newest first.
  createdAt: { sortBy: 'createdAt', sortOrder: 'desc' },
};

/**
 * What GET /api/v1/users/tasks is sent for the screen's state: one page of 30, the trimmed
 * search, the filters and the sort, in a fixed order. Also the page's query key.
 */
export function toAssignedTaskQuery(filters: AssignedTaskFilters): Record<string, string> {
  const query: Record<string, string> = { page: String(filters.page), limit: String(ASSIGNED_PAGE_SIZE) };
  // The server takes at most 200 characters (a longer URL would only get a 400).
  const search = filters.search.trim().slice(0, 200).trim();
  if (search) query.search = search;
  if (filters.status) query.status = filters.status;
  if (filters.priority) query.priority = filters.priority;
  // The status says what to show; without one, done tasks are left out (and counted) by default.
  if (!filters.showDone && !filters.status) query.hideDone = 'true';
  return { ...query, ...sortQueries[filters.sort] };
}
