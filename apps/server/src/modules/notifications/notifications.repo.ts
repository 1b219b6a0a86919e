import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@tasklane/contract';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { features, notifications, projects, taskWatchers, tasks, todos, users } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf } from '../events/events.repo.js';
import type { StoredItem } from './notifier.repo.js';

/**
 * A notification is shown only while its recipient may see its project (a member, or the
 * workspace's owner), checked when it is read: access lost hides it, access regained shows it again.
 */
export const isVisible = sql`(${notifications.projectId} is null
  or exists (select 1 from project_members pm where pm.project_id = ${notifications.projectId} and pm.user_id = ${notifications.userId})
  or exists (select 1 from projects vp join workspaces vw on vw.id = vp.workspace_id where vp.id = ${notifications.projectId} and vw.owner_id = ${notifications.userId}))`;

export type NotificationRow = {
  id: string;
  kind: NotificationKind;
  readAt: Date | null;
  updatedAt: Date;
  items: StoredItem[];
  actor: { id: string; fullName: string } | null;
  task: { id: string; title: string } | null;
  project: { id: string; name: string } | null;
  feature: { id: string; title: string } | null;
  todo: { id: string; title: string } | null;
};

const columns = {
  id: notifications.id,
  kind: sql<NotificationKind>`${notifications.kind}`,
  readAt: notifications.readAt,
  updatedAt: notifications.updatedAt,
  items: sql<StoredItem[]>`${notifications.items}`,
  actorId: users.id,
  actorName: users.fullName,
  taskId: tasks.id,
  taskTitle: tasks.title,
  projectId: projects.id,
  projectName: projects.name,
  featureId: features.id,
  featureTitle: features.title,
  todoId: todos.id,
  todoTitle: todos.title,
};

type FlatRow = {
  id: string;
  kind: NotificationKind;
  readAt: Date | null;
  updatedAt: Date;
  items: StoredItem[];
  actorId: string | null;
  actorName: string | null;
  taskId: string | null;
  taskTitle: string | null;
  projectId: string | null;
  projectName: string | null;
  featureId: string | null;
  featureTitle: string | null;
  todoId: string | null;
  todoTitle: string | null;
};

function rowOf(flat: FlatRow): NotificationRow {
  return {
    id: flat.id,
    kind: flat.kind,
    readAt: flat.readAt,
    updatedAt: flat.updatedAt,
    items: flat.items,
    actor: flat.actorId ? { id: flat.actorId, fullName: flat.actorName ?? '' } : null,
    task: flat.taskId ? { id: flat.taskId, title: flat.taskTitle ?? '' } : null,
    project: flat.projectId ? { id: flat.projectId, name: flat.projectName ?? '' } : null,
    feature: flat.featureId ? { id: flat.featureId, title: flat.featureTitle ?? '' } : null,
    todo: flat.todoId ? { id: flat.todoId, title: flat.todoTitle ?? '' } : null,
  };
}

/** The actor, task, project, feature and todo a notification names (the select's fields read them). */
function withJoins<T extends PgSelect>(query: T): T {
  return query
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(tasks, eq(tasks.id, notifications.taskId))
    .leftJoin(projects, eq(projects.id, notifications.projectId))
    .leftJoin(features, eq(features.id, notifications.featureId))
    .leftJoin(todos, eq(todos.id, notifications.todoId)) as unknown as T;
}

export type NotificationFilters = { page: number; limit: number; unread?: boolean; kind?: NotificationKind };

/** A page of the user's visible notifications, newest first, with the total matching. */
export async function listNotifications(db: Db, userId: string, filters: NotificationFilters) {
  const conditions: SQL[] = [eq(notifications.userId, userId), isVisible];
  if (filters.unread) conditions.push(isNull(notifications.readAt));
  if (filters.kind) conditions.push(eq(notifications.kind, filters.kind));
  const where = and(...conditions);
  const rows: Array<FlatRow & { total: number }> = await withJoins(
    db.select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(notifications).$dynamic(),
  )
    .where(where)
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit);
  if (rows.length > 0 || filters.page === 1) return { rows: rows.map(rowOf), total: rows[0]?.total ?? 0 };
  const [count] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(notifications).where(where);
  return { rows: [] as NotificationRow[], total: count?.total ?? 0 };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), isVisible));
  return row?.count ?? 0;
}

/** Marks one read (it stays read when it was), with a live event for the user's other tabs; undefined when not theirs or hidden. */
export async function markRead(db: Db, actor: Actor, notificationId: string): Promise<NotificationRow | undefined> {
  const updated = db.$with('updated').as(
    db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, statement_timestamp())` })
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, actor.id), isVisible))
      .returning({ id: notifications.id }),
  );
  const event = eventOf(db, actor, { type: 'notification.read', entityId: sql`${updated.id}`, ownerId: actor.id }, updated);
  const [row] = (await withJoins(db.with(updated, event).select(columns).from(notifications).$dynamic())
    .innerJoin(updated, eq(updated.id, notifications.id))) as FlatRow[];
  // The select sees the row as it was before the update (one snapshot): it is read now.
  return row && { ...rowOf(row), readAt: row.readAt ?? new Date() };
}

/** Marks all the user's unread notifications read; one live event when any were. */
export async function markAllRead(db: Db, actor: Actor): Promise<number> {
  const updated = db.$with('updated').as(
    db
      .update(notifications)
      .set({ readAt: sql`statement_timestamp()` })
      .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id }),
  );
  const first = db.$with('first_updated').as(db.select({ id: sql<string>`min(${updated.id}::text)::uuid`.as('id') }).from(updated).having(sql`count(*) > 0`));
  const event = eventOf(db, actor, { type: 'notification.read', entityId: sql`${first.id}`, ownerId: actor.id }, first);
  const [row] = await db.with(updated, first, event).select({ count: sql<number>`(select count(*) from ${updated})`.mapWith(Number) }).from(sql`(select 1) as one`);
  return row?.count ?? 0;
}

/** Whether the user watches the task: their choice, else whether they created it, are assigned or commented. */
export async function findWatching(db: Db, userId: string, taskId: string): Promise<boolean> {
  const [row] = await db
    .select({
      watching: sql<boolean>`coalesce(
        (select ${taskWatchers.watching} from ${taskWatchers} where ${taskWatchers.taskId} = ${taskId} and ${taskWatchers.userId} = ${userId}),
        (select ${tasks.createdBy} = ${userId} or ${tasks.assigneeId} = ${userId} from ${tasks} where ${tasks.id} = ${taskId}),
        false)
        or exists (select 1 from task_comments c where c.task_id = ${taskId} and c.user_id = ${userId}
          and not exists (select 1 from ${taskWatchers} where ${taskWatchers.taskId} = ${taskId} and ${taskWatchers.userId} = ${userId}))`,
    })
    .from(sql`(select 1) as one`);
  return row?.watching ?? false;
}

/** The user's choice to watch (or not) the task; kept over any automatic watching. */
export async function setWatching(db: Db, userId: string, taskId: string, watching: boolean) {
  await db
    .insert(taskWatchers)
    .values({ taskId, userId, watching })
    .onConflictDoUpdate({ target: [taskWatchers.taskId, taskWatchers.userId], set: { watching, updatedAt: sql`statement_timestamp()` } });
}
