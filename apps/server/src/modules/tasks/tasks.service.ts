import { ASSIGNED_PAGE_LIMIT_DEFAULT, blockedReasonAfter, formatTaskKey, parseTaskKey, rankBefore, type CreateTaskData, type ListAssignedTasksData, type ListTasksData, type MemberRole, type TaskDetail, type UpdateTaskData } from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import { mappingForeignKeys, type ForeignKeyErrors } from '../../db/errors.js';
import { pageCount } from '../../db/list-helpers.js';
import { badRequest, conflict, forbidden, notFoundOrNotYours } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { deleteWithAttachmentFiles } from '../attachments/attachment-cleanup.js';
import { findFeature } from '../features/features.repo.js';
import { requireProjectRole, requireRole, requireVisible, roleFrom } from '../projects/project-access.js';
import { abilitiesFor, minimumRoleFor, taskAbilitiesFor } from '../projects/projects.policy.js';
import type { UserRow } from '../users/users.repo.js';
import { planTaskUpdate, type TaskChanges, type TaskSnapshot, type TaskValues } from './tasks.history.js';
import * as list from './tasks.list.repo.js';
import { presentTask, presentTaskDetail, utcToday } from './tasks.presenter.js';
import * as repo from './tasks.repo.js';
import * as write from './tasks.write.repo.js';

const STALE_TASK = 'This task was changed by someone else. Reload to see the latest version.';
const EDIT_ONLY = 'Only members, moderators and admins can create and edit tasks';
const DELETE_ONLY = 'Only admins, moderators and the member who created a task can delete it';
const DELETE_SUBTASKS_ONLY = 'Only admins and moderators can delete subtasks that others created: keep them as tasks instead';
const field = (name: string, message: string) => badRequest(message, [{ field: name, message }]);
const errors = {
  assignee: () => field('assigneeId', 'Assignee must be a member of the project'),
  category: () => field('categoryId', 'Category must be one of your task categories'),
  categoryRequired: () => field('categoryId', 'Category is required'),
  feature: () => field('featureId', "Feature must be one of the project's features"),
  parentMissing: () => field('parentTaskId', 'Parent task not found'),
  parentIsSubtask: () => field('parentTaskId', 'A subtask cannot have subtasks: choose a top-level task as the parent'),
  parentFeature: () => field('parentTaskId', "A subtask must be in its parent's feature"),
  parentChange: () => field('parentTaskId', 'A task cannot change its parent: its parent is set when it is created'),
  subtaskFeature: () => field('featureId', "A subtask stays in its parent's feature"),
  parentFeatureMove: () => field('featureId', 'A task with subtasks cannot move to another feature'),
};

/** A referenced row vanished between the check and the write: the same answer as a missing one. */
const referenceErrors: ForeignKeyErrors = {
  [write.taskReferenceKeys.categoryId]: errors.category,
  [write.taskReferenceKeys.assigneeId]: errors.assignee,
  [write.taskReferenceKeys.featureId]: errors.feature,
  [write.taskReferenceKeys.projectId]: errors.feature,
  [write.taskReferenceKeys.parentTaskId]: errors.parentMissing,
};

function writingWithReferences<T>(work: () => Promise<T>): Promise<T> {
  return mappingForeignKeys(referenceErrors, work);
}

/**
 * The task named by its id or its key (WEB-42), with its history and the caller's role; 404 for
 * anyone who may not see it, as for a task that does not exist.
 */
async function requireTask(db: Db, user: UserRow, taskIdOrKey: string, projectId?: string) {
  const key = parseTaskKey(taskIdOrKey);
  const row = key ? await repo.findTaskDetailByKey(db, key, user.id) : await repo.findTaskDetail(db, taskIdOrKey, user.id);
  return requireVisible(user, row, 'Task', projectId);
}

export async function getTask(ctx: ServiceContext, user: UserRow, taskIdOrKey: string, projectId?: string) {
  const { row, role } = await requireTask(ctx.db, user, taskIdOrKey, projectId);
  return presentTaskDetail(row, role, user.id, utcToday());
}

export async function listTasks(ctx: ServiceContext, user: UserRow, query: ListTasksData) {
  const { row: feature, role } = requireVisible(user, await findFeature(ctx.db, query.featureId, user.id), 'Feature');
  const filters = { search: query.search, status: query.status, priority: query.priority, hideSubtasks: query.hideSubtasks };
  const rows = await list.listFeatureTasks(ctx.db, feature.id, user.id, filters, query);
  const { matching, statistics } = await list.countFeatureTasks(ctx.db, feature.id, filters);
  const today = utcToday();
  return {
    total: matching,
    data: {
      tasks: rows.map((row) => presentTask(row, role, user.id, today)),
      statistics,
      pagination: { currentPage: query.page, pages: pageCount(matching, query.limit), count: rows.length },
    },
  };
}

/**
 * The caller's assigned tasks: every one when neither page nor limit is sent (the spec's
 * clients send none; `limit` then reports the default page size, or the number answered when
 * that is more, so `pagination` still says one page), else that page.
 */
export async function listAssignedTasks(ctx: ServiceContext, user: UserRow, query: ListAssignedTasksData) {
  // A status filter says which tasks to show: it wins over hiding the done ones (issue 18).
  const isHidingDone = query.hideDone === true && !query.status;
  const filters = { search: query.search, status: query.status, priority: query.priority };
  const isPaged = query.page !== undefined || query.limit !== undefined;
  const page = query.page ?? 1;
  const sort = { sortBy: query.sortBy, sortOrder: query.sortOrder };
  const { rows, total } = await list.listAssignedTasks(
    ctx.db,
    user.id,
    { ...filters, hideDone: isHidingDone },
    isPaged ? { page, limit: query.limit ?? ASSIGNED_PAGE_LIMIT_DEFAULT, ...sort } : sort,
  );
  // How many the default hid, for 'Show completed (N)'.
  const hidden = query.hideDone ? { hiddenDone: isHidingDone ? await list.countDoneAssignedTasks(ctx.db, user.id, filters) : 0 } : {};
  const limit = query.limit ?? (isPaged ? ASSIGNED_PAGE_LIMIT_DEFAULT : Math.max(ASSIGNED_PAGE_LIMIT_DEFAULT, total));
  const today = utcToday();
  return {
    data: rows.map((row) => presentTask(row, roleFrom(user, row) ?? 'VIEWER', user.id, today)),
    total,
    pagination: { total: pageCount(total, limit), page, limit },
    ...hidden,
  };
}

function requireEditor(role: MemberRole) {
  requireRole(role, minimumRoleFor.canEditTasks, EDIT_ONLY);
}

/** A create's body once a subtask's feature and category are taken from its parent. */
type ResolvedCreateData = CreateTaskData & {
  featureId: string;
  categoryId: string;
  parentTaskId: string | null;
  parent: { id: string; number: number; title: string; categoryId: string | null } | null;
};

/**
 * A subtask's parent (decision 033): a task the caller can see (else 400, as for one that does not
 * exist), top-level, in the named feature; the feature and category default to the parent's.
 */
async function resolveParent(ctx: ServiceContext, user: UserRow, data: CreateTaskData): Promise<ResolvedCreateData> {
  if (!data.parentTaskId) return { ...data, featureId: data.featureId!, categoryId: data.categoryId!, parentTaskId: null, parent: null };
  const parent = await repo.findParentCandidate(ctx.db, data.parentTaskId, user.id);
  if (!parent || !roleFrom(user, parent)) throw errors.parentMissing();
  if (parent.parentTaskId) throw errors.parentIsSubtask();
  if (data.featureId !== undefined && data.featureId !== parent.featureId) throw errors.parentFeature();
  const categoryId = data.categoryId ?? parent.categoryId;
  if (!categoryId) throw errors.categoryRequired();
  return { ...data, featureId: parent.featureId, categoryId, parentTaskId: parent.id, parent };
}

/** The project and feature a new task goes into; 404 unless the caller can see them. */
async function resolveCreateContext(ctx: ServiceContext, user: UserRow, data: ResolvedCreateData) {
  const inheritedCategoryId = data.parentTaskId && data.categoryId === data.parent?.categoryId ? data.categoryId : null;
  const ids = { assigneeId: data.assigneeId ?? undefined, categoryId: data.categoryId, inheritedCategoryId };
  const context = await repo.findCreateContext(ctx.db, data.featureId, data.status ?? 'TODO', user.id, ids);
  const role = context ? roleFrom(user, context) : null;
  if (context && role && (data.projectId === undefined || data.projectId === context.projectId)) return { context, role };
  if (data.projectId === undefined) throw notFoundOrNotYours('Feature');
  // The named project decides: not visible is 404, visible but not the feature's is 400.
  await requireProjectRole(ctx, user, data.projectId);
  throw errors.feature();
}

export async function createTask(ctx: ServiceContext, user: Actor, body: CreateTaskData) {
  const data = await resolveParent(ctx, user, body);
  const { context, role } = await resolveCreateContext(ctx, user, data);
  requireEditor(role);
  if (data.assigneeId && !context.newAssignee) throw errors.assignee();
  if (!context.newCategory) throw errors.category();
  const status = data.status ?? 'TODO';
  const priority = data.priority ?? 'MEDIUM';
  const task = await writingWithReferences(() =>
    write.insertTaskWithHistory(
      ctx.db,
      user,
      {
        projectId: context.projectId,
        featureId: data.featureId,
        title: data.title,
        description: data.description ?? '',
        status,
        priority,
        assigneeId: data.assigneeId ?? null,
        dueDate: data.dueDate ?? null,
        categoryId: data.categoryId,
        estimatedHours: data.estimatedHours ?? null,
        actualHours: data.actualHours ?? null,
        tags: data.tags ?? [],
        blockedReason: blockedReasonAfter(status, data.blockedReason ?? null),
        createdBy: user.id,
        // New tasks go to the top of their column (the list shows them first too).
        boardRank: rankBefore(context.firstRank),
        parentTaskId: data.parentTaskId,
      },
      [{ action: 'CREATED', details: { status, priority } }],
    ),
  );
  // The answer is the task as the insert stored it, populated from the context read before it
  // (the same rows a read after the write would join), so a create runs no read after its
  // write (issue 15 §2). A new task has no attachments, no blockers, and one history entry.
  const author = { id: user.id, fullName: user.fullName, email: user.email, avatar: user.avatar };
  const row: repo.TaskDetailRow = {
    ...task,
    projectName: context.projectName,
    featureTitle: context.featureTitle,
    assignee: data.assigneeId ? context.newAssignee! : null,
    creator: { ...author, username: user.username },
    category: context.newCategory,
    workspaceOwnerId: context.workspaceOwnerId,
    membershipRole: context.membershipRole,
    attachments: [],
    blockedBy: [],
    parentTask: data.parent && { _id: data.parent.id, key: formatTaskKey(task.projectKey, data.parent.number), title: data.parent.title },
    subtasks: { total: 0, completed: 0 },
    history: [{ id: task.historyId, action: task.historyAction, details: task.historyDetails, timestamp: task.historyCreatedAt.toISOString(), user: author }],
  };
  return presentTaskDetail(row, role, user.id, utcToday());
}

function snapshotOf(row: repo.TaskRow): TaskSnapshot {
  return {
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    estimatedHours: row.estimatedHours,
    actualHours: row.actualHours,
    tags: row.tags,
    blockedReason: row.blockedReason,
    assignee: row.assignee && { id: row.assignee.id, name: row.assignee.fullName },
    category: row.category && { id: row.category.id, name: row.category.name },
    feature: { id: row.featureId, name: row.featureTitle },
  };
}

/**
 * The changes a body asks for, its references checked. Re-sending a current reference (an
 * assignee since removed from the project, a category another member chose) is no change.
 */
function changesFrom(row: repo.TaskRow & repo.RefLookups, data: UpdateTaskData): TaskChanges {
  const changes: TaskChanges = {
    title: data.title,
    description: data.description,
    status: data.status,
    priority: data.priority,
    dueDate: data.dueDate,
    estimatedHours: data.estimatedHours,
    actualHours: data.actualHours,
    tags: data.tags,
    blockedReason: data.blockedReason,
  };
  if (data.assigneeId === null) changes.assignee = null;
  else if (data.assigneeId !== undefined && data.assigneeId !== row.assignee?.id) {
    if (!row.newAssignee) throw errors.assignee();
    changes.assignee = { id: row.newAssignee.id, name: row.newAssignee.fullName };
  }
  if (data.categoryId === null) {
    if (row.category) throw errors.categoryRequired();
  } else if (data.categoryId !== undefined && data.categoryId !== row.category?.id) {
    if (!row.newCategory) throw errors.category();
    changes.category = { id: row.newCategory.id, name: row.newCategory.name };
  }
  // The parent is set at creation only (decision 033): sending back the current one is no change.
  if (data.parentTaskId !== undefined && (data.parentTaskId ?? null) !== row.parentTaskId) throw errors.parentChange();
  if (data.featureId !== undefined && data.featureId !== row.featureId) {
    if (row.parentTaskId) throw errors.subtaskFeature();
    if (row.subtasks.total > 0) throw errors.parentFeatureMove();
    if (!row.newFeature) throw errors.feature();
    changes.feature = { id: row.newFeature.id, name: row.newFeature.title };
  }
  return changes;
}

type Attempt = { outcome: 'unchanged' | 'written'; task: TaskDetail } | { outcome: 'stale' };

/**
 * Reads the task (not its history: a save never needs it), plans the change and its history,
 * and writes both in one statement guarded by the version read. A written save answers the task
 * as read with what the statement wrote (issue 15 §2): the guard means nothing of the task's own
 * changed in between, the references it names were read with it, and the entries are the ones
 * this save added (the history before them is what the client read; the live event tells of
 * any other).
 */
async function attemptUpdate(db: Db, user: Actor, taskId: string, data: UpdateTaskData): Promise<Attempt> {
  const ids = { assigneeId: data.assigneeId ?? undefined, categoryId: data.categoryId ?? undefined, featureId: data.featureId };
  const { row, role } = requireVisible(user, await repo.findTaskForSave(db, taskId, user.id, ids), 'Task', data.projectId);
  requireEditor(role);
  if (data.version !== undefined && data.version !== row.version) throw conflict(STALE_TASK);
  const plan = planTaskUpdate(snapshotOf(row), changesFrom(row, data));
  // A save that changes nothing writes nothing, and adds no history.
  if (plan.history.length === 0) return { outcome: 'unchanged', task: presentTaskDetail({ ...row, history: [] }, role, user.id, utcToday()) };
  const history = await writingWithReferences(() =>
    write.updateTaskWithHistory(db, user, taskId, row.version, plan.values, plan.history),
  );
  if (!history) return { outcome: 'stale' };
  return { outcome: 'written', task: presentTaskDetail({ ...savedRow(row, plan.values, history), history }, role, user.id, utcToday()) };
}

/**
 * The task as a save left it: the row it was planned against, the values it wrote (a reference by
 * the lookup read with the row), the version it bumped and the time it stamped, which is its
 * history entries' (one statement, one statement_timestamp()).
 */
function savedRow(row: repo.TaskRow & repo.RefLookups, values: TaskValues, history: repo.HistoryRow[]): repo.TaskRow {
  const { newAssignee, newCategory, newFeature, ...saved } = row;
  const { assigneeId, categoryId, featureId, ...own } = values;
  for (const [column, value] of Object.entries(own) as Array<[keyof typeof own, unknown]>) {
    if (value !== undefined) Object.assign(saved, { [column]: value });
  }
  if (assigneeId !== undefined) saved.assignee = assigneeId === null ? null : newAssignee!;
  if (categoryId !== undefined) saved.category = categoryId === null ? null : newCategory!;
  if (featureId !== undefined && featureId !== null) {
    saved.featureId = featureId;
    saved.featureTitle = newFeature!.title;
  }
  return { ...saved, version: row.version + 1, updatedAt: new Date(history[0]!.timestamp) };
}

/**
 * A save is planned against the task as read and written by one statement guarded by the
 * version read, so it applies only to what it was planned against and the history chains
 * truthfully (each entry's `from` is what the previous save left). A save with a `version`
 * that is stale is 409. A save without one that loses a race is planned again: first without a
 * lock (the common case, a save nobody races, costs no transaction; issue 15 §2), and after
 * OPTIMISTIC_ATTEMPTS lost races queued on the task's row lock, where it cannot lose again.
 */
const OPTIMISTIC_ATTEMPTS = 2;

export async function updateTask(ctx: ServiceContext, user: Actor, taskId: string, data: UpdateTaskData) {
  let attempt: Attempt = { outcome: 'stale' };
  for (let tries = 0; tries < OPTIMISTIC_ATTEMPTS && attempt.outcome === 'stale'; tries++) {
    attempt = await attemptUpdate(ctx.db, user, taskId, data);
    if (data.version !== undefined) break;
  }
  if (attempt.outcome === 'stale' && data.version === undefined) {
    attempt = await write.withTaskLock(ctx.db, taskId, (tx) => attemptUpdate(tx, user, taskId, data));
  }
  if (attempt.outcome === 'stale') throw conflict(STALE_TASK);
  return attempt.task;
}

/**
 * Deletes the task; its subtasks (decision 033) stay as top-level tasks (`keep`, the default) or
 * go with it (`delete`: the caller must be allowed to delete each of them too).
 */
export async function deleteTask(ctx: ServiceContext, user: Actor, taskId: string, subtasks: write.SubtaskFate = 'keep') {
  const { row: task, role } = requireVisible(user, await repo.findTaskForDelete(ctx.db, taskId, user.id), 'Task');
  if (!taskAbilitiesFor(role, task.createdBy === user.id).canDelete) {
    throw forbidden(abilitiesFor(role).canEditTasks ? DELETE_ONLY : EDIT_ONLY);
  }
  const isDeletingSubtasks = subtasks === 'delete' && task.subtaskCount > 0;
  if (isDeletingSubtasks && task.othersSubtaskCount > 0 && !taskAbilitiesFor(role, false).canDelete) throw forbidden(DELETE_SUBTASKS_ONLY);
  // Its comments, history and attachments cascade; the attachments' files go after the commit.
  const scope = isDeletingSubtasks ? { taskWithSubtasksId: taskId } : { taskId };
  const isDeleted = await deleteWithAttachmentFiles(ctx, scope, (tx) => write.deleteTask(tx, user, taskId, subtasks));
  if (!isDeleted) throw notFoundOrNotYours('Task');
}
