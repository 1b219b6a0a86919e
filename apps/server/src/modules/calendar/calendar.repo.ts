import { priorities, type MemberRole, type Priority, type TaskStatus } from '@tasklane/contract';
import { and, asc, between, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { rankOf } from '../../db/list-helpers.js';
import { categories, features, projects, tasks, todos, users, workspaces } from '../../db/schema.js';
import { inOpenProject, membershipRoleOf } from '../projects/projects.repo.js';
import { todoColumns, type TodoRow } from '../todos/todos.repo.js';

/** A day range, both ends included (YYYY-MM-DD). */
export type DayRange = { from: string; to: string };

/** A task as the calendar shows it: just what its chip, its link and a move need. */
export type CalendarTaskRow = {
  id: string;
  number: number;
  projectKey: string;
  title: string;
  status: TaskStatus;
  priority: Priority;
  dueDate: string;
  version: number;
  category: { id: string; name: string; color: string } | null;
  assignee: { id: string; fullName: string } | null;
  featureId: string;
  featureTitle: string;
  projectId: string;
  projectName: string;
  workspaceOwnerId: string;
  membershipRole: MemberRole | null;
};

/** Whose tasks: those assigned to the user (in projects they can still open), or every task of one project (its access checked before). */
export type TaskScope = { assignedTo: string } | { projectId: string };

const assignee = alias(users, 'calendar_assignee');

// URGENT first: the contract lists priorities from LOW to URGENT.
const priorityRank = rankOf(tasks.priority, priorities);

/**
 * The range's tasks of the scope, soonest first, at most `limit`. Assigned tasks are found by
 * tasks_assignee_due_idx, a project's by tasks_project_due_idx (both on the due date after the
 * scope), so a range reads only its own days.
 */
export async function listCalendarTasks(db: Db, userId: string, scope: TaskScope, range: DayRange, limit: number): Promise<CalendarTaskRow[]> {
  const inScope: SQL =
    'projectId' in scope
      ? eq(tasks.projectId, scope.projectId)
      : and(eq(tasks.assigneeId, scope.assignedTo), inOpenProject(tasks.projectId, userId))!;
  const rows = await db
    .select({
      id: tasks.id,
      number: tasks.number,
      projectKey: projects.key,
      title: tasks.title,
      status: tasks.status,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      version: tasks.version,
      categoryId: categories.id,
      categoryName: categories.name,
      categoryColor: categories.color,
      assigneeId: assignee.id,
      assigneeName: assignee.fullName,
      featureId: tasks.featureId,
      // A lookup by primary key per row rather than a join, as tasks.repo.ts does: a join let the
      // planner hash-join every feature (a sequential scan) for a month's few tasks.
      featureTitle: sql<string>`(select ${features.title} from ${features} where ${features.id} = ${tasks.featureId})`,
      projectId: tasks.projectId,
      projectName: projects.name,
      workspaceOwnerId: workspaces.ownerId,
      membershipRole: membershipRoleOf(tasks.projectId, userId),
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .leftJoin(categories, eq(categories.id, tasks.categoryId))
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .where(and(inScope, between(tasks.dueDate, range.from, range.to)))
    .orderBy(asc(tasks.dueDate), desc(priorityRank), asc(sql`lower(${tasks.title})`), asc(tasks.id))
    .limit(limit);
  return rows.map(({ categoryId, categoryName, categoryColor, assigneeId, assigneeName, dueDate, ...row }) => ({
    ...row,
    dueDate: dueDate!,
    category: categoryId && categoryName !== null && categoryColor !== null ? { id: categoryId, name: categoryName, color: categoryColor } : null,
    assignee: assigneeId && assigneeName !== null ? { id: assigneeId, fullName: assigneeName } : null,
  }));
}

/** The owner's todos due in the range, soonest first, at most `limit` (todos_owner_due_created_idx). */
export async function listCalendarTodos(db: Db, ownerId: string, range: DayRange, limit: number): Promise<TodoRow[]> {
  const rows = await db
    .select({
      ...todoColumns,
      categoryId: categories.id,
      categoryName: categories.name,
      categoryColor: categories.color,
      categorySlug: categories.slug,
    })
    .from(todos)
    .leftJoin(categories, eq(categories.id, todos.categoryId))
    .where(and(eq(todos.ownerId, ownerId), between(todos.dueDate, range.from, range.to)))
    .orderBy(asc(todos.dueDate), desc(rankOf(todos.priority, priorities)), asc(sql`lower(${todos.title})`), asc(todos.id))
    .limit(limit);
  return rows.map(({ categoryId, categoryName, categoryColor, categorySlug, ...todo }) => ({
    ...todo,
    category:
      categoryId && categoryName !== null && categoryColor !== null && categorySlug !== null
        ? { id: categoryId, name: categoryName, color: categoryColor, slug: categorySlug }
        : null,
  }));
}
