import type { Notification } from '@tasklane/contract';
import type { NotificationRow } from './notifications.repo.js';

/**
 * The web app's page a notification is about: its task's, the todos dashboard opening the todo
 * (a todo's reminder; `?todo=` opens its dialog), else its project's, else the projects list.
 */
export function notificationUrl(row: Pick<NotificationRow, 'task' | 'project' | 'feature' | 'todo'>): string {
  if (row.task && row.project && row.feature) return `/dashboard/projects/${row.project.id}/features/${row.feature.id}/task/${row.task.id}`;
  if (row.todo) return `/?todo=${row.todo.id}`;
  if (row.project) return `/dashboard/projects/${row.project.id}`;
  return '/projects';
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    read: row.readAt !== null,
    createdAt: row.updatedAt.toISOString(),
    actor: row.actor && { _id: row.actor.id, fullName: row.actor.fullName },
    ...(row.task ? { task: { _id: row.task.id, title: row.task.title } } : {}),
    ...(row.project ? { project: { _id: row.project.id, name: row.project.name } } : {}),
    ...(row.feature ? { feature: { _id: row.feature.id, title: row.feature.title } } : {}),
    ...(row.todo ? { todo: { _id: row.todo.id, title: row.todo.title } } : {}),
    text: row.items.map((item) => item.text).join('\n'),
    url: notificationUrl(row),
    items: row.items.map((item) => ({ kind: item.kind as Notification['kind'], text: item.text, at: item.at })),
  };
}
