import type { TodoStatus } from '../enums.js';

/**
 * The dashboard's checkbox (SPEC.md section 4): COMPLETED becomes PENDING; PENDING becomes
 * COMPLETED. Other statuses have no checkbox transition of their own and are left as they are.
 */
export function toggleTodoStatus(status: TodoStatus): TodoStatus {
  if (status === 'COMPLETED') return 'PENDING';
  if (status === 'PENDING') return 'COMPLETED';
  return status;
}

/** The simple list's toggle: COMPLETED becomes PENDING, any other status becomes COMPLETED. */
export function toggleListTodoStatus(status: TodoStatus): TodoStatus {
  return status === 'COMPLETED' ? 'PENDING' : 'COMPLETED';
}

/** The calendar date (YYYY-MM-DD) of a date-only or ISO value; calendar dates are UTC midnight. */
export function toCalendarDate(value: string): string {
  return value.length === 10 ? value : new Date(value).toISOString().slice(0, 10);
}

/** Local calendar date of `now`, as YYYY-MM-DD. */
export function localCalendarDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Overdue = due date in the past (before today) and not COMPLETED. */
export function isTodoOverdue(
  todo: { dueDate: string | null; status: TodoStatus },
  today: string = localCalendarDate(),
): boolean {
  if (!todo.dueDate || todo.status === 'COMPLETED') return false;
  return toCalendarDate(todo.dueDate) < today;
}
