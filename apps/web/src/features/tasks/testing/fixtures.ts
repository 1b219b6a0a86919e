import {
  BOARD_PAGE_SIZE,
  encodeBoardCursor,
  statisticsOfCounts,
  taskStatuses,
  type Attachment,
  type BoardResponse,
  type BoardTask,
  type Category,
  type TaskDetail,
  type TaskStatus,
} from '@tasklane/contract';
import type { BoardCard } from '../lib/board';

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
    number: 7,
    key: 'CP-7',
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
    blockedBy: [],
    parentTaskId: null,
    parentTask: null,
    subtasks: { total: 0, completed: 0 },
    history: [],
    role: 'ADMIN',
    ...overrides,
  };
}

/** A board card: `rank` orders the cards of a column. */
export function boardCard(id: string, title: string, status: TaskStatus, rank: string, overrides: Partial<BoardTask> = {}): BoardCard {
  const number = Number(/\d+/.exec(id)?.[0] ?? 1);
  return { _id: id, number, key: `CP-${number}`, title, status, priority: 'MEDIUM', assigneeId: null, dueDate: null, isOverdue: false, tags: [], boardRank: rank, version: 1, blockedBy: [], parentTaskId: null, parentTask: null, subtasks: { total: 0, completed: 0 }, ...overrides };
}

/**
 * What GET /tasks/board answers for these cards (as the server pages them): per column, in rank
 * order, those the search (titles here) and priority match, `limit` (100) at a time from `after`.
 */
export function boardAnswer(cards: readonly BoardCard[], query: Record<string, string | undefined>): BoardResponse {
  const search = query.search?.toLowerCase();
  const matching = cards.filter(
    (card) =>
      (!search || card.title.toLowerCase().includes(search)) &&
      (!query.priority || card.priority === query.priority) &&
      (query.hideSubtasks !== 'true' || card.parentTaskId === null),
  );
  const limit = Number(query.limit ?? BOARD_PAGE_SIZE);
  // The server's cursor, with these cards' short ids (the server's are UUIDs).
  const after = query.after ? (JSON.parse(atob(query.after.replace(/-/g, '+').replace(/_/g, '/'))) as [string, string]) : undefined;
  const statuses = query.status ? [query.status as TaskStatus] : taskStatuses;
  const columns = statuses.map((status) => {
    const column = matching.filter((card) => card.status === status).sort((a, b) => (a.boardRank < b.boardRank ? -1 : a.boardRank > b.boardRank ? 1 : 0));
    const rest = after ? column.filter((card) => card.boardRank > after[0]) : column;
    const page = rest.slice(0, limit);
    const last = page.at(-1);
    return {
      status,
      total: column.length,
      tasks: page.map(({ status: _status, ...task }) => task),
      nextCursor: rest.length > limit && last ? encodeBoardCursor({ rank: last.boardRank, id: last._id }) : null,
    };
  });
  const statistics = statisticsOfCounts(taskStatuses.map((status) => ({ status, total: cards.filter((card) => card.status === status).length })));
  return { success: true, message: 'ok', data: { columns, statistics }, total: matching.length };
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
