import { blockedReasonAfter, hasBlockedReason, sameTags, type HistoryChange, type HistoryPerson, type TaskStatus } from '@tasklane/contract';
import type { TaskColumns } from './tasks.repo.js';

type Ref = { id: string; name: string };

/** What history is computed from: a task's fields, with the names its references had. */
export type TaskSnapshot = Pick<
  TaskColumns,
  'title' | 'description' | 'status' | 'priority' | 'dueDate' | 'estimatedHours' | 'actualHours' | 'tags' | 'blockedReason'
> & {
  assignee: Ref | null;
  category: Ref | null;
  feature: Ref;
};

/** The fields a save asks for; left out means unchanged. */
export type TaskChanges = Partial<TaskSnapshot>;

/** Column values for the tasks table. */
export type TaskValues = Partial<
  Pick<
    TaskColumns,
    | 'title'
    | 'description'
    | 'status'
    | 'priority'
    | 'dueDate'
    | 'estimatedHours'
    | 'actualHours'
    | 'tags'
    | 'blockedReason'
    | 'assigneeId'
    | 'categoryId'
    | 'featureId'
  >
>;

export type TaskPlan = { values: TaskValues; history: HistoryChange[] };

const person = (ref: Ref | null): HistoryPerson => (ref ? { _id: ref.id, fullName: ref.name } : null);
const dueDay = (day: string | null) => (day ? `${day}T00:00:00.000Z` : null);

type StatusSnapshot = Pick<TaskSnapshot, 'status' | 'blockedReason'>;


function statusChange(before: StatusSnapshot, status: TaskStatus, reason: string | null): HistoryChange | undefined {
  if (status === before.status) return undefined;
  if (hasBlockedReason(status)) return { action: 'BLOCKED', details: { from: before.status, reason } };
  if (hasBlockedReason(before.status)) return { action: 'UNBLOCKED', details: { to: status, reason: before.blockedReason } };
  return { action: 'STATUS_CHANGED', details: { from: before.status, to: status } };
}

/**
 * The column changes of a save and its history: one entry per changed aspect (status,
 * priority, due date, assignee, estimated and actual hours), and one UPDATED entry holding
 * { from, to } for every other changed field. A save that changes nothing plans nothing.
 */
export function planTaskUpdate(before: TaskSnapshot, changes: TaskChanges): TaskPlan {
  const values: TaskValues = {};
  const history: HistoryChange[] = [];
  const updated: Record<string, { from: unknown; to: unknown }> = {};

  const status = changes.status ?? before.status;
  const reason = blockedReasonAfter(status, changes.blockedReason, before);
  const statusEntry = statusChange(before, status, reason);
  if (statusEntry) {
    values.status = status;
    history.push(statusEntry);
  }
  if (reason !== before.blockedReason) {
    values.blockedReason = reason;
    // Entering or leaving BLOCKED already tells the reason; a new reason while blocked is an update.
    if (!statusEntry) updated.blockedReason = { from: before.blockedReason, to: reason };
  }
  if (changes.priority !== undefined && changes.priority !== before.priority) {
    values.priority = changes.priority;
    history.push({ action: 'PRIORITY_CHANGED', details: { from: before.priority, to: changes.priority } });
  }
  if (changes.dueDate !== undefined && changes.dueDate !== before.dueDate) {
    values.dueDate = changes.dueDate;
    history.push({ action: 'DUE_DATE_CHANGED', details: { from: dueDay(before.dueDate), to: dueDay(changes.dueDate) } });
  }
  if (changes.assignee !== undefined && changes.assignee?.id !== before.assignee?.id) {
    values.assigneeId = changes.assignee?.id ?? null;
    history.push({ action: 'ASSIGNEE_CHANGED', details: { from: person(before.assignee), to: person(changes.assignee) } });
  }
  if (changes.estimatedHours !== undefined && changes.estimatedHours !== before.estimatedHours) {
    values.estimatedHours = changes.estimatedHours;
    history.push({ action: 'ESTIMATED_HOURS_CHANGED', details: { from: before.estimatedHours, to: changes.estimatedHours } });
  }
  if (changes.actualHours !== undefined && changes.actualHours !== before.actualHours) {
    values.actualHours = changes.actualHours;
    history.push({ action: 'ACTUAL_HOURS_CHANGED', details: { from: before.actualHours, to: changes.actualHours } });
  }
  if (changes.title !== undefined && changes.title !== before.title) {
    values.title = changes.title;
    updated.title = { from: before.title, to: changes.title };
  }
  if (changes.description !== undefined && changes.description !== before.description) {
    values.description = changes.description;
    updated.description = { from: before.description, to: changes.description };
  }
  if (changes.tags !== undefined && !sameTags(changes.tags, before.tags)) {
    values.tags = changes.tags;
    updated.tags = { from: before.tags, to: changes.tags };
  }
  if (changes.category !== undefined && changes.category?.id !== before.category?.id) {
    values.categoryId = changes.category?.id ?? null;
    updated.categoryId = {
      from: before.category && { _id: before.category.id, name: before.category.name },
      to: changes.category && { _id: changes.category.id, name: changes.category.name },
    };
  }
  if (changes.feature !== undefined && changes.feature.id !== before.feature.id) {
    values.featureId = changes.feature.id;
    updated.featureId = {
      from: { _id: before.feature.id, title: before.feature.name },
      to: { _id: changes.feature.id, title: changes.feature.name },
    };
  }
  if (Object.keys(updated).length > 0) history.push({ action: 'UPDATED', details: updated });
  return { values, history };
}

/**
 * A status change alone (a move on the board): its columns and its one history entry
 * (STATUS_CHANGED, BLOCKED or UNBLOCKED), as planTaskUpdate would plan them; nothing when the
 * status stays.
 */
export function planStatusChange(before: StatusSnapshot, status: TaskStatus): TaskPlan {
  const values: TaskValues = {};
  const history: HistoryChange[] = [];
  const reason = blockedReasonAfter(status, undefined, before);
  const entry = statusChange(before, status, reason);
  if (entry) {
    values.status = status;
    history.push(entry);
  }
  if (reason !== before.blockedReason) values.blockedReason = reason;
  return { values, history };
}
