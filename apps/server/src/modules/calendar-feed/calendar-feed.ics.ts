import { nextCalendarDate } from '@tasklane/contract';
import ical, { ICalEventStatus } from 'ical-generator';
import type { FeedOwnerRow, FeedTaskRow, FeedTodoRow } from './calendar-feed.repo.js';

/** How often a calendar app is asked to poll (REFRESH-INTERVAL and X-PUBLISHED-TTL): hourly. */
export const FEED_REFRESH_SECONDS = 60 * 60;

/**
 * The web app's links (apps/web/src/config/paths.ts): a task's page by its ids (a key can come to
 * name another task once its project's key changes, decision 028), and the todos dashboard.
 */
const taskLink = (origin: string, task: FeedTaskRow) =>
  `${origin}/dashboard/projects/${encodeURIComponent(task.projectId)}/features/${encodeURIComponent(task.featureId)}/task/${encodeURIComponent(task.id)}`;
const todosLink = (origin: string) => `${origin}/`;

const isCancelled = (status: string) => status === 'CANCELLED';

/**
 * A person's feed as iCalendar text (RFC 5545), written by ical-generator (which escapes
 * commas, semicolons, backslashes and newlines and folds long lines). Every item is an all-day
 * event on its due date (due dates are days, with no time), so no time zone can move it to
 * another day; the person's zone is named (X-WR-TIMEZONE) for the apps that show it. UIDs are
 * the item's kind and id (`task-{id}@tasklane`), stable across polls, resets and a changed
 * PUBLIC_URL; DTSTAMP is the item's last change, so
 * the same data gives the same text (and the same ETag).
 */
export function buildFeedCalendar(owner: FeedOwnerRow, origin: string, items: { tasks: FeedTaskRow[]; todos: FeedTodoRow[] }): string {
  const calendar = ical({
    name: `Tasklane: ${owner.fullName}`,
    description: 'Your assigned tasks and your todos with due dates',
    prodId: { company: 'Tasklane', product: 'Tasklane', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
    ...(owner.timeZone ? { timezone: owner.timeZone } : {}),
  });
  for (const task of items.tasks) {
    calendar.createEvent({
      id: `task-${task.id}@tasklane`,
      start: task.dueDate,
      end: nextCalendarDate(task.dueDate),
      allDay: true,
      stamp: task.updatedAt,
      summary: task.title,
      description: [`${task.key} in ${task.projectName} / ${task.featureTitle}`, `Status: ${task.status}`, `Priority: ${task.priority}`].join('\n'),
      categories: [{ name: task.projectName }, { name: task.status }],
      url: taskLink(origin, task),
      ...(isCancelled(task.status) ? { status: ICalEventStatus.CANCELLED } : {}),
    });
  }
  for (const todo of items.todos) {
    calendar.createEvent({
      id: `todo-${todo.id}@tasklane`,
      start: todo.dueDate,
      end: nextCalendarDate(todo.dueDate),
      allDay: true,
      stamp: todo.updatedAt,
      summary: todo.title,
      description: [...(todo.description ? [todo.description, ''] : []), `Todo${todo.categoryName ? ` in ${todo.categoryName}` : ''}`, `Status: ${todo.status}`, `Priority: ${todo.priority}`].join('\n'),
      categories: [...(todo.categoryName ? [{ name: todo.categoryName }] : []), { name: todo.status }],
      url: todosLink(origin),
      ...(isCancelled(todo.status) ? { status: ICalEventStatus.CANCELLED } : {}),
    });
  }
  return calendar.toString();
}
