import { CALENDAR_ITEMS_MAX, priorities, type CalendarItem, type CalendarQueryData } from '@tasklane/contract';
import type { ServiceContext } from '../context.js';
import { requireProjectRole, roleFrom } from '../projects/project-access.js';
import { utcToday } from '../tasks/tasks.presenter.js';
import type { UserRow } from '../users/users.repo.js';
import { presentCalendarTask, presentCalendarTodo } from './calendar.presenter.js';
import { listCalendarTasks, listCalendarTodos, type TaskScope } from './calendar.repo.js';

export type CalendarAnswer = { from: string; to: string; items: CalendarItem[]; truncated: boolean };

/**
 * The calendar's range (issue 19, decision 035): the caller's tasks (assigned to them, or every
 * task of one project they can see) and their own todos, due between `from` and `to`. After the
 * session's, one statement for the project's access when one is named, one for the tasks and
 * one for the todos: four at most. A project and the todos kind never meet (todos belong to no
 * project), so naming a project leaves the todos out.
 */
export async function listCalendar(ctx: ServiceContext, user: UserRow, query: CalendarQueryData): Promise<CalendarAnswer> {
  const kinds = query.kinds ?? ['task', 'todo'];
  const today = query.today ?? utcToday();
  const range = { from: query.from, to: query.to };
  // One more than shown: whether there were more.
  const limit = CALENDAR_ITEMS_MAX + 1;

  let scope: TaskScope = { assignedTo: user.id };
  if (query.projectId !== undefined) {
    const access = await requireProjectRole(ctx, user, query.projectId);
    scope = { projectId: access.projectId };
  }
  const [taskRows, todoRows] = await Promise.all([
    kinds.includes('task') ? listCalendarTasks(ctx.db, user.id, scope, range, limit) : [],
    kinds.includes('todo') && query.projectId === undefined ? listCalendarTodos(ctx.db, user.id, range, limit) : [],
  ]);
  const truncated = taskRows.length > CALENDAR_ITEMS_MAX || todoRows.length > CALENDAR_ITEMS_MAX;
  const items: CalendarItem[] = [
    ...taskRows.slice(0, CALENDAR_ITEMS_MAX).map((row) => presentCalendarTask(row, roleFrom(user, row) ?? 'VIEWER', today)),
    ...todoRows.slice(0, CALENDAR_ITEMS_MAX).map((row) => presentCalendarTodo(row, today)),
  ];
  return { ...range, items: items.sort(byDayThenPriority), truncated };
}

const priorityRank = (priority: CalendarItem['priority']) => priorities.indexOf(priority);

/** By due day, then priority (URGENT first), then title; tasks before todos on a tie. */
function byDayThenPriority(a: CalendarItem, b: CalendarItem): number {
  return (
    a.dueDate.localeCompare(b.dueDate) ||
    priorityRank(b.priority) - priorityRank(a.priority) ||
    a.title.toLowerCase().localeCompare(b.title.toLowerCase()) ||
    a.kind.localeCompare(b.kind) ||
    a._id.localeCompare(b._id)
  );
}
