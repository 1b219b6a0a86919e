import { toCalendarDate, type CalendarItem } from '@tasklane/contract';
import { paths } from '@/config/paths';
import type { DayKey } from './calendar-dates';

/** The colour an item shows: its category's, else a neutral slate (a todo whose category was deleted, a task without one). */
export const NO_CATEGORY_COLOR = '#94A3B8';

export function colorOf(item: CalendarItem): string {
  const category = item.kind === 'task' ? item.categoryId : item.category;
  return category?.color ?? NO_CATEGORY_COLOR;
}

export function categoryNameOf(item: CalendarItem): string | null {
  return (item.kind === 'task' ? item.categoryId?.name : item.category?.name) ?? null;
}

/** Done items are shown dimmed and struck through, as the lists show them. */
export const isDone = (item: CalendarItem) => item.status === 'COMPLETED' || item.status === 'CANCELLED';

/** Whether the person may drag it to another day: their own todos always, a task when their role lets them edit it. */
export const canMove = (item: CalendarItem) => item.kind === 'todo' || item.canEdit;

/** The task's page (todos have none). */
export const taskHref = (item: CalendarItem) => (item.kind === 'task' ? paths.task.href(item.projectId._id, item.featureId._id, item._id) : undefined);

/** A key unique across kinds (a task and a todo could never share an id, but the drag ids say which is which). */
export const itemKey = (item: Pick<CalendarItem, 'kind' | '_id'>) => `${item.kind}:${item._id}`;

/** The items by due day, in the server's order within a day. */
export function itemsByDay(items: readonly CalendarItem[]): Map<DayKey, CalendarItem[]> {
  const days = new Map<DayKey, CalendarItem[]>();
  for (const item of items) {
    const day = toCalendarDate(item.dueDate);
    const list = days.get(day);
    if (list) list.push(item);
    else days.set(day, [item]);
  }
  return days;
}

/** What a screen reader hears for an item: 'Task WEB-12 Ship it, overdue, in Website' / 'Todo Dentist, completed'. */
export function describeItem(item: CalendarItem): string {
  const parts = [item.kind === 'task' ? `Task ${item.key} ${item.title}` : `Todo ${item.title}`];
  if (item.isOverdue) parts.push('overdue');
  if (isDone(item)) parts.push(item.status === 'COMPLETED' ? 'completed' : 'cancelled');
  if (item.kind === 'task') parts.push(`in ${item.projectId.name}`);
  return parts.join(', ');
}
