import { formatTaskKey, isTaskOverdue, type MemberRole, type Task, type TaskDetail, type TaskHistoryEntry, type TaskUser } from '@tasklane/contract';
import { presentAttachment } from '../attachments/attachments.presenter.js';
import { presentDueDate } from '../features/features.presenter.js';
import { taskAbilitiesFor } from '../projects/projects.policy.js';
import { presentBlockedBy } from '../relations/relations.presenter.js';
import type { HistoryRow, TaskDetailRow, TaskRow, TaskUserRef } from './tasks.repo.js';

const NO_SUBTASKS = { total: 0, completed: 0 };

/** Today's calendar date on the server (UTC): due days before it are overdue. */
export function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

function presentUserRef(ref: TaskUserRef | null): TaskUser | null {
  return ref ? { _id: ref.id, fullName: ref.fullName, username: ref.username, email: ref.email, avatar: ref.avatar } : null;
}

/** A task row as read by one task's queries (`Date`s) or by the unpaged list (the API's text already). */
type PresentableTaskRow = Omit<TaskRow, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };

const isoOf = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

export function presentTask(row: PresentableTaskRow, role: MemberRole, userId: string, today: string): Task {
  return {
    _id: row.id,
    number: row.number,
    key: formatTaskKey(row.projectKey, row.number),
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    assigneeId: presentUserRef(row.assignee),
    dueDate: presentDueDate(row.dueDate),
    estimatedHours: row.estimatedHours,
    actualHours: row.actualHours,
    categoryId: row.category ? { _id: row.category.id, name: row.category.name, color: row.category.color } : null,
    tags: row.tags,
    attachments: row.attachments.map(presentAttachment),
    featureId: { _id: row.featureId, title: row.featureTitle },
    projectId: { _id: row.projectId, name: row.projectName },
    createdBy: presentUserRef(row.creator),
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    isOverdue: isTaskOverdue(row, today),
    blockedReason: row.blockedReason,
    version: row.version,
    abilities: taskAbilitiesFor(role, row.creator?.id === userId),
    blockedBy: presentBlockedBy(row.blockedBy, row.projectKey),
    parentTaskId: row.parentTaskId,
    parentTask: row.parentTask,
    subtasks: row.subtasks ?? NO_SUBTASKS,
  };
}

/** A timestamptz as PostgreSQL writes it in JSON in UTC: `2026-01-05T21:28:25.596123+00:00`. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/**
 * A timestamp from the database's JSON as the API writes it (`2026-01-05T21:28:25.596Z`), as
 * `new Date(text).toISOString()` gives it (milliseconds, truncated). The UTC form (the embedded
 * server's sessions run in UTC) is rewritten as text: parsing and printing a Date per history
 * entry was most of the cost of presenting a task (issue 15 §2). Any other form goes through Date.
 */
export function isoTimestamp(text: string): string {
  const match = UTC_TIMESTAMP.exec(text);
  if (!match) return new Date(text).toISOString();
  return `${match[1]}.${`${match[2] ?? ''}000`.slice(0, 3)}Z`;
}

function presentHistoryEntry(row: HistoryRow): TaskHistoryEntry {
  return {
    _id: row.id,
    timestamp: isoTimestamp(row.timestamp),
    userId: row.user ? { _id: row.user.id, fullName: row.user.fullName, email: row.user.email, avatar: row.user.avatar } : null,
    action: row.action,
    // Written by tasks.history.ts in the contract's shapes; the response schema checks them again.
    details: row.details,
  } as TaskHistoryEntry;
}

export function presentTaskDetail(row: TaskDetailRow, role: MemberRole, userId: string, today: string): TaskDetail {
  return { ...presentTask(row, role, userId, today), history: row.history.map(presentHistoryEntry), role };
}
