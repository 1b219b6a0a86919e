import { matchesTaskSearch, priorities, priorityRank, statusesForFilter, taskStatuses, taskStatusFilters, type Priority, type Task, type TaskStatus, type TaskStatusFilter } from '@tasklane/contract';

/**
 * /tasks: the caller's assigned tasks are loaded whole (the server sends up to 1000 a page) and
 * searched, filtered, sorted and paged here (SPEC 2: 'Showing X of Y tasks'). The state lives in
 * the URL: `?search=&status=&priority=&sort=&page=`.
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
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

export function readAssignedTaskFilters(params: URLSearchParams): AssignedTaskFilters {
  const filters: AssignedTaskFilters = { search: params.get('search') ?? '', sort: 'dueDate', page: 1 };
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
export function withAssignedTaskParam(params: URLSearchParams, key: 'search' | 'status' | 'priority' | 'sort' | 'page', value: string) {
  const next = new URLSearchParams(params);
  const isDefault = value === '' || (key === 'sort' && value === 'dueDate') || (key === 'page' && value === '1');
  if (isDefault) next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}

export function hasAssignedTaskFilters(filters: Pick<AssignedTaskFilters, 'search' | 'status' | 'priority'>): boolean {
  return filters.search.trim() !== '' || filters.status !== undefined || filters.priority !== undefined;
}

/** Every word typed must appear in the title, the description or one of the tags (any case): the contract's search rule, as the server's. */
export function matchesSearch(task: Pick<Task, 'title' | 'description' | 'tags'>, search: string): boolean {
  return matchesTaskSearch(task, search);
}

const statusRank = Object.fromEntries(taskStatuses.map((status, index) => [status, index])) as Record<TaskStatus, number>;
const time = (value: string) => new Date(value).getTime();

/** Due date ascending, tasks without one last; ties newest first. */
function byDueDate(a: Task, b: Task): number {
  if (a.dueDate !== b.dueDate) {
    if (!a.dueDate) return 1;
    if (!b.dueDate) return -1;
    const difference = time(a.dueDate) - time(b.dueDate);
    if (difference !== 0) return difference;
  }
  return byCreated(a, b);
}

/** Newest first. */
function byCreated(a: Task, b: Task): number {
  return time(b.createdAt) - time(a.createdAt);
}

const comparators: Record<AssignedTaskSort, (a: Task, b: Task) => number> = {
  dueDate: byDueDate,
  // SPEC 9: URGENT > HIGH > MEDIUM > LOW; within a priority the soonest due first.
  priority: (a, b) => priorityRank[b.priority] - priorityRank[a.priority] || byDueDate(a, b),
  // In the order the statuses are listed (TODO first, CANCELLED last), as the API sorts them.
  status: (a, b) => statusRank[a.status] - statusRank[b.status] || byDueDate(a, b),
  createdAt: byCreated,
};

/** The tasks that match the search and filters, in the chosen order (a new array). */
export function filterAndSortAssignedTasks(tasks: readonly Task[], filters: Omit<AssignedTaskFilters, 'page'>): Task[] {
  const statuses = filters.status ? new Set(statusesForFilter(filters.status)) : null;
  return tasks
    .filter(
      (task) =>
        (!statuses || statuses.has(task.status)) &&
        (!filters.priority || task.priority === filters.priority) &&
        matchesSearch(task, filters.search),
    )
    .sort(comparators[filters.sort]);
}

/** One page of a list, and how many pages there are (at least 1); a page past the end gives the last. */
export function pageOf<T>(items: readonly T[], page: number, size = ASSIGNED_PAGE_SIZE): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}
