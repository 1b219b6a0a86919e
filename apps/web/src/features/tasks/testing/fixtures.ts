import type { Attachment, BoardTask, Category, TaskDetail } from '@tasklane/contract';

// Component tests: tasks, board cards and categories as the API answers them.

export const taskCategory = (id: string, name: string): Category => ({
  _id: id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  type: 'TASK',
  color: '#3B82F6',
  workspaceId: null,
  createdAt: '2026-01-05T00:00:00.000Z',
});

/** A task of feature-1 in project-1, seen by an ADMIN, with `overrides`. */
export function taskDetail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return {
    _id: 'task-1',
    title: 'Write the launch plan',
    description: '',
    status: 'TODO',
    priority: 'MEDIUM',
    assigneeId: null,
    dueDate: null,
    estimatedHours: null,
    actualHours: null,
    categoryId: { _id: 'category-1', name: 'Planning', color: '#3B82F6' },
    tags: [],
    attachments: [],
    featureId: { _id: 'feature-1', title: 'Launch' },
    projectId: { _id: 'project-1', name: 'Client Portal' },
    createdBy: null,
    createdAt: '2026-01-05T00:00:00.000Z',
    updatedAt: '2026-01-05T00:00:00.000Z',
    isOverdue: false,
    blockedReason: null,
    version: 1,
    abilities: { canEdit: true, canDelete: true, canComment: true },
    history: [],
    role: 'ADMIN',
    ...overrides,
  };
}

/** A board card: `rank` orders the cards of a column. */
export function boardCard(id: string, title: string, status: BoardTask['status'], rank: string, overrides: Partial<BoardTask> = {}): BoardTask {
  return { _id: id, title, status, priority: 'MEDIUM', assigneeId: null, dueDate: null, isOverdue: false, tags: [], boardRank: rank, version: 1, ...overrides };
}

export const attachmentNamed = (id: string, name: string): Attachment => ({
  _id: id,
  name,
  size: 4,
  contentType: 'text/plain',
  description: null,
  uploadedBy: null,
  createdAt: '2026-01-05T00:00:00.000Z',
});
