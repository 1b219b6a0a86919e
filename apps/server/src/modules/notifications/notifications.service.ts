import type { NotificationKind } from '@tasklane/contract';
import { notFoundOrNotYours } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { requireVisible } from '../projects/project-access.js';
import { findTaskAccess } from '../tasks/tasks.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { presentNotification } from './notifications.presenter.js';
import * as repo from './notifications.repo.js';

export async function listNotifications(ctx: ServiceContext, user: UserRow, query: { page: number; limit: number; unread?: boolean; kind?: NotificationKind }) {
  const { rows, total } = await repo.listNotifications(ctx.db, user.id, query);
  return {
    data: rows.map(presentNotification),
    total,
    pagination: { total: Math.ceil(total / query.limit), page: query.page, limit: query.limit },
  };
}

export async function countUnread(ctx: ServiceContext, user: UserRow) {
  return { count: await repo.countUnread(ctx.db, user.id) };
}

/** Someone else's notification, or one of a project no longer visible, is 404 like one that never was. */
export async function markRead(ctx: ServiceContext, user: Actor, notificationId: string) {
  const row = await repo.markRead(ctx.db, user, notificationId);
  if (!row) throw notFoundOrNotYours('Notification');
  return presentNotification(row);
}

export async function markAllRead(ctx: ServiceContext, user: Actor) {
  return { updated: await repo.markAllRead(ctx.db, user) };
}

/** Anyone who can see the task may read and change whether they watch it; everyone else gets 404. */
export async function watchState(ctx: ServiceContext, user: UserRow, taskId: string) {
  requireVisible(user, await findTaskAccess(ctx.db, taskId, user.id), 'Task');
  return { watching: await repo.findWatching(ctx.db, user.id, taskId) };
}

export async function setWatching(ctx: ServiceContext, user: UserRow, taskId: string, watching: boolean) {
  requireVisible(user, await findTaskAccess(ctx.db, taskId, user.id), 'Task');
  await repo.setWatching(ctx.db, user.id, taskId, watching);
  return { watching };
}
