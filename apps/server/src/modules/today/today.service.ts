import { calendarDateIn, DEFAULT_TIME_ZONE, priorities, TODAY_ITEM_LIMIT, type Today, type TodayItem, type TodayReason } from '@tasklane/contract';
import type { Actor } from '../context.js';
import type { ServiceContext } from '../context.js';
import { roleFrom } from '../projects/project-access.js';
import { presentTask, utcToday } from '../tasks/tasks.presenter.js';
import { presentTodo } from '../todos/todos.presenter.js';
import * as repo from './today.repo.js';

const reasonOrder: readonly TodayReason[] = ['OVERDUE', 'DUE_TODAY', 'FOCUS'];

function reasonOf(dueDate: string | null, today: string): TodayReason {
  if (dueDate === null || dueDate > today) return 'FOCUS';
  return dueDate < today ? 'OVERDUE' : 'DUE_TODAY';
}

const priorityOf = (item: TodayItem) => (item.kind === 'todo' ? item.todo.priority : item.task.priority);
const dueDateOf = (item: TodayItem) => (item.kind === 'todo' ? item.todo.dueDate : item.task.dueDate);
const titleOf = (item: TodayItem) => (item.kind === 'todo' ? item.todo.title : item.task.title);

/** URGENT first; then overdue, due today, marked for today; then the earliest due date (none last); then by title. */
function compareItems(a: TodayItem, b: TodayItem): number {
  return (
    priorities.indexOf(priorityOf(b)) - priorities.indexOf(priorityOf(a)) ||
    reasonOrder.indexOf(a.reason) - reasonOrder.indexOf(b.reason) ||
    (dueDateOf(a) ?? '9999').localeCompare(dueDateOf(b) ?? '9999') ||
    titleOf(a).localeCompare(titleOf(b))
  );
}

/**
 * My day (issue 19): the person's open todos marked for today, and their open todos and
 * assigned tasks due today or before, in one list by priority. "Today" is the date in their
 * time zone (UTC until they choose one). Each list is read sorted and cut in the database, so
 * the merged first TODAY_ITEM_LIMIT are exact; `total` counts every one.
 */
export async function getToday(ctx: ServiceContext, user: Actor): Promise<Today> {
  const timeZone = user.timeZone ?? DEFAULT_TIME_ZONE;
  const date = calendarDateIn(Date.now(), timeZone);
  const [tasks, todos] = await Promise.all([
    repo.listTodayTasks(ctx.db, user.id, date, TODAY_ITEM_LIMIT),
    repo.listTodayTodos(ctx.db, user.id, date, TODAY_ITEM_LIMIT),
  ]);
  const utcDate = utcToday();
  const items: TodayItem[] = [
    ...tasks.rows.map((row): TodayItem => ({
      kind: 'task',
      reason: reasonOf(row.dueDate, date),
      task: presentTask(row, roleFrom(user, row) ?? 'VIEWER', user.id, utcDate),
    })),
    ...todos.rows.map((row): TodayItem => ({ kind: 'todo', reason: reasonOf(row.dueDate, date), todo: presentTodo(row) })),
  ];
  return { date, timeZone, total: tasks.total + todos.total, items: items.sort(compareItems).slice(0, TODAY_ITEM_LIMIT) };
}
