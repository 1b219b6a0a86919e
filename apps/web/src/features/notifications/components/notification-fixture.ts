import type { Notification } from '@tasklane/contract';

/** A notification as the server answers it (component tests). */
export function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  const text = overrides.text ?? `Ann assigned you “Task ${id}” in Website › Sign-in`;
  return {
    _id: id,
    kind: 'ASSIGNED',
    read: false,
    createdAt: '2026-11-24T10:00:00.000Z',
    actor: { _id: 'ann', fullName: 'Ann' },
    task: { _id: `task-${id}`, title: `Task ${id}` },
    project: { _id: 'p1', name: 'Website' },
    feature: { _id: 'f1', title: 'Sign-in' },
    text,
    url: `/dashboard/projects/p1/features/f1/task/task-${id}`,
    items: [{ kind: overrides.kind ?? 'ASSIGNED', text, at: '2026-11-24T10:00:00.000Z' }],
    ...overrides,
  };
}

