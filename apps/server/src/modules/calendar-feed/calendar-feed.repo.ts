import type { Priority, TaskStatus, TodoStatus } from '@tasklane/contract';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarFeeds, categories, features, projects, tasks, todos, users } from '../../db/schema.js';
import { rowsOf } from '../account/account.repo.js';
import { inOpenProject } from '../projects/projects.repo.js';

/**
 * The person's feed token: the one they have, or `candidate` stored as theirs when they have
 * none yet. One statement (the insert's own result, or the row a concurrent first ask stored).
 */
export async function findOrCreateFeedToken(db: Db, userId: string, candidate: string): Promise<string> {
  const result = await db.execute<{ token: string }>(sql`
    with inserted as (
      insert into ${calendarFeeds} (user_id, token) values (${userId}, ${candidate})
      on conflict (user_id) do nothing
      returning token
    )
    select token from inserted
    union all
    select ${calendarFeeds.token} from ${calendarFeeds} where ${calendarFeeds.userId} = ${userId}
    limit 1`);
  return rowsOf<{ token: string }>(result)[0]?.token ?? candidate;
}

/** Replaces the person's token (making one when they had none): the old one finds nobody from now on. */
export async function replaceFeedToken(db: Db, userId: string, token: string): Promise<string> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: sql`now()` } })
    .returning({ token: calendarFeeds.token });
  return row?.token ?? token;
}

export type FeedOwnerRow = { id: string; fullName: string; timeZone: string | null };

/** Whose feed a token opens: nobody's when it is unknown, or its account deactivated or deleted. */
export async function findFeedOwner(db: Db, token: string): Promise<FeedOwnerRow | undefined> {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, timeZone: users.timeZone })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.token, token), isNull(users.deactivatedAt), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export type FeedTaskRow = {
  id: string;
  key: string;
  title: string;
  status: TaskStatus;
  priority: Priority;
  dueDate: string;
  projectId: string;
  projectName: string;
  featureId: string;
  featureTitle: string;
  updatedAt: Date;
};

/**
 * The person's assigned tasks with a due date, in projects they can still open (a member, or
 * the workspace's owner, as /tasks has them): the latest `limit` due dates.
 */
export async function listFeedTasks(db: Db, userId: string, limit: number): Promise<FeedTaskRow[]> {
  return db
    .select({
      id: tasks.id,
      key: sql<string>`${projects.key} || '-' || ${tasks.number}`,
      title: tasks.title,
      status: tasks.status,
      priority: tasks.priority,
      dueDate: sql<string>`${tasks.dueDate}`,
      projectId: tasks.projectId,
      projectName: projects.name,
      featureId: tasks.featureId,
      featureTitle: sql<string>`(select ${features.title} from ${features} where ${features.id} = ${tasks.featureId})`,
      updatedAt: tasks.updatedAt,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        eq(tasks.assigneeId, userId),
        isNotNull(tasks.dueDate),
        inOpenProject(tasks.projectId, userId),
      ),
    )
    .orderBy(desc(tasks.dueDate), tasks.id)
    .limit(limit) as Promise<FeedTaskRow[]>;
}

export type FeedTodoRow = {
  id: string;
  title: string;
  description: string;
  status: TodoStatus;
  priority: Priority;
  dueDate: string;
  categoryName: string | null;
  updatedAt: Date;
};

/** The person's todos with a due date: the latest `limit` due dates. */
export async function listFeedTodos(db: Db, userId: string, limit: number): Promise<FeedTodoRow[]> {
  return db
    .select({
      id: todos.id,
      title: todos.title,
      description: todos.description,
      status: todos.status,
      priority: todos.priority,
      dueDate: sql<string>`${todos.dueDate}`,
      categoryName: categories.name,
      updatedAt: todos.updatedAt,
    })
    .from(todos)
    .leftJoin(categories, eq(categories.id, todos.categoryId))
    .where(and(eq(todos.ownerId, userId), isNotNull(todos.dueDate)))
    .orderBy(desc(todos.dueDate), todos.id)
    .limit(limit) as Promise<FeedTodoRow[]>;
}
