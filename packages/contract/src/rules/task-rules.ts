import { taskStatuses, type Priority, type TaskStatus } from '../enums.js';
import { toCalendarDate } from './todo-rules.js';

/** What a status filter may say: any status, BLOCK (a synonym of BLOCKED) or PENDING (not started). */
export const taskStatusFilters = [...taskStatuses, 'BLOCK', 'PENDING'] as const;
export type TaskStatusFilter = (typeof taskStatusFilters)[number];

/** BLOCK, the feature task list's word, means BLOCKED (SPEC.md section 4). */
export function normalizeTaskStatus(status: TaskStatus | 'BLOCK'): TaskStatus {
  return status === 'BLOCK' ? 'BLOCKED' : status;
}

/** The statuses a filter selects: PENDING is every task not started yet (TODO and REOPEN). */
export function statusesForFilter(filter: TaskStatusFilter): TaskStatus[] {
  if (filter === 'PENDING') return ['TODO', 'REOPEN'];
  return [normalizeTaskStatus(filter)];
}

/** A blocked reason belongs only to a BLOCKED task: it is asked for, kept and shown only then. */
export function hasBlockedReason(status: TaskStatus | (string & {})): boolean {
  return status === 'BLOCKED';
}

/**
 * The blocked reason a task in `status` has after a save: the one asked for (undefined: the one
 * it had, if it was BLOCKED already), and none at all unless it is BLOCKED.
 */
export function blockedReasonAfter(
  status: TaskStatus,
  asked: string | null | undefined,
  before?: { status: TaskStatus; blockedReason: string | null },
): string | null {
  if (!hasBlockedReason(status)) return null;
  if (asked !== undefined) return asked;
  return before && hasBlockedReason(before.status) ? before.blockedReason : null;
}

/** Overdue = a due day before today and a status neither COMPLETED nor CANCELLED. */
export function isTaskOverdue(task: { dueDate: string | null; status: TaskStatus }, today: string): boolean {
  if (!task.dueDate || task.status === 'COMPLETED' || task.status === 'CANCELLED') return false;
  return toCalendarDate(task.dueDate) < today;
}

export type TaskStatistics = {
  total: number;
  todo: number;
  inProgress: number;
  inReview: number;
  completed: number;
  block: number;
  cancelled: number;
};

/**
 * The stats tile each status counts under, so the tiles add up to the total: not started
 * (TODO, REOPEN) is todo, being worked on (IN_PROGRESS, DEV_COMPLETED) is inProgress.
 */
export const taskStatisticsTile: Record<TaskStatus, Exclude<keyof TaskStatistics, 'total'>> = {
  TODO: 'todo',
  REOPEN: 'todo',
  IN_PROGRESS: 'inProgress',
  DEV_COMPLETED: 'inProgress',
  IN_REVIEW: 'inReview',
  COMPLETED: 'completed',
  BLOCKED: 'block',
  CANCELLED: 'cancelled',
};

/** The statistics tiles from how many tasks each status has (statuses missing have none). */
export function statisticsOfCounts(counts: Iterable<{ status: TaskStatus; total: number }>): TaskStatistics {
  const statistics: TaskStatistics = { total: 0, todo: 0, inProgress: 0, inReview: 0, completed: 0, block: 0, cancelled: 0 };
  for (const { status, total } of counts) {
    statistics.total += total;
    statistics[taskStatisticsTile[status]] += total;
  }
  return statistics;
}

/** URGENT > HIGH > MEDIUM > LOW (SPEC.md section 9); a higher rank sorts first when descending. */
export const priorityRank: Record<Priority, number> = { LOW: 1, MEDIUM: 2, HIGH: 3, URGENT: 4 };
