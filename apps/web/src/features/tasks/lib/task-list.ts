import { priorities, taskSortFields, taskStatuses, type TaskSortField } from '@tasklane/contract';
import { formatEnum } from '@/lib/format';
import type { ListOptions, ListState } from '@/lib/list-query';

/** SPEC 9: ten tasks a page, newest first. */
export const TASKS_PAGE_SIZE = 10;

/**
 * The feature task list's status filter (SPEC 4): every status, with the list's own word BLOCK
 * for BLOCKED, and PENDING for the tasks not started (TODO and REOPEN).
 */
export const taskListStatusFilters = ['PENDING', 'TODO', 'IN_PROGRESS', 'DEV_COMPLETED', 'REOPEN', 'BLOCK', 'IN_REVIEW', 'COMPLETED', 'CANCELLED'] as const;
export type TaskListStatusFilter = (typeof taskListStatusFilters)[number];

const statusFilterLabel = (value: string) => (value === 'PENDING' ? 'Pending (not started)' : value === 'BLOCK' ? 'Blocked' : formatEnum(value));

export const taskStatusFilterOptions = [
  { value: '', label: 'All Statuses' },
  ...taskListStatusFilters.map((value) => ({ value, label: statusFilterLabel(value) })),
];
export const taskPriorityFilterOptions = [{ value: '', label: 'All Priorities' }, ...priorities.map((value) => ({ value, label: formatEnum(value) }))];
export const taskStatusOptions = taskStatuses.map((value) => ({ value, label: formatEnum(value) }));

export const taskListOptions: ListOptions<TaskListStatusFilter, TaskSortField> = {
  statuses: taskListStatusFilters,
  sortFields: taskSortFields,
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'desc',
};

export type TaskListState = ListState<TaskListStatusFilter, TaskSortField>;

/** Title, due date and status start in their natural order (A to Z, soonest, TODO first); the others with the latest or highest. */
export const firstTaskSortOrder = (field: TaskSortField) => (field === 'title' || field === 'dueDate' || field === 'status' ? 'asc' : 'desc');
