import { priorities } from '@tasklane/contract';
import { and, asc, desc, eq, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rankOf } from '../../db/list-helpers.js';
import { categories, tasks, todos } from '../../db/schema.js';
import { inOpenProject } from '../projects/projects.repo.js';
import { fromTasks, type TaskRow } from '../tasks/tasks.repo.js';
import { todoColumns, type TodoRow } from '../todos/todos.repo.js';

/** Neither list shows what is finished. */
const DONE = ['COMPLETED', 'CANCELLED'] as const;

/**
 * The person's open assigned tasks due on `date` or before, in projects they can still open
 * (as /tasks has them): the first `limit` by priority (URGENT first) then due date, with how
 * many there are in all (a window count over the same scan).
 */
export async function listTodayTasks(db: Db, userId: string, date: string, limit: number): Promise<{ rows: TaskRow[]; total: number }> {
  const rows = (await fromTasks(db, userId, { total: sql`count(*) over ()`.mapWith(Number) })
    .where(
      and(
        eq(tasks.assigneeId, userId),
        isNotNull(tasks.dueDate),
        lte(tasks.dueDate, date),
        notInArray(tasks.status, [...DONE]),
        inOpenProject(tasks.projectId, userId),
      ),
    )
    .orderBy(desc(rankOf(tasks.priority, priorities)), asc(tasks.dueDate), desc(tasks.createdAt), asc(tasks.id))
    .limit(limit)) as Array<TaskRow & { total: number }>;
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * The person's open todos marked for today or due on `date` or before: the first `limit` by
 * priority then due date (none last), with how many there are in all.
 */
export async function listTodayTodos(db: Db, userId: string, date: string, limit: number): Promise<{ rows: TodoRow[]; total: number }> {
  const rows = await db
    .select({
      ...todoColumns,
      categoryId: categories.id,
      categoryName: categories.name,
      categoryColor: categories.color,
      categorySlug: categories.slug,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(todos)
    .leftJoin(categories, eq(categories.id, todos.categoryId))
    .where(and(eq(todos.ownerId, userId), notInArray(todos.status, [...DONE]), or(eq(todos.isToday, true), lte(todos.dueDate, date))))
    .orderBy(desc(rankOf(todos.priority, priorities)), sql`${todos.dueDate} asc nulls last`, desc(todos.createdAt), asc(todos.id))
    .limit(limit);
  const todoRows = rows.map(({ categoryId, categoryName, categoryColor, categorySlug, total: _total, ...todo }) => ({
    ...todo,
    category:
      categoryId && categoryName !== null && categoryColor !== null && categorySlug !== null
        ? { id: categoryId, name: categoryName, color: categoryColor, slug: categorySlug }
        : null,
  }));
  return { rows: todoRows, total: rows[0]?.total ?? 0 };
}
