import type { ReorderSubtasksBody } from '@tasklane/contract';
import { conflict } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { requireRole, requireVisible } from '../projects/project-access.js';
import { minimumRoleFor } from '../projects/projects.policy.js';
import type { UserRow } from '../users/users.repo.js';
import * as subtasks from './subtasks.repo.js';
import { presentTask, utcToday } from './tasks.presenter.js';
import { findTaskAccess } from './tasks.repo.js';

const EDIT_ONLY = 'Only members, moderators and admins can create and edit tasks';
const STALE_LIST = 'The subtasks changed meanwhile (one was added or removed). Reload to see them and try again.';

/** A task's subtasks in their order (decision 033); 404 for anyone who may not see the task. */
export async function listSubtasks(ctx: ServiceContext, user: UserRow, taskId: string) {
  const { role } = requireVisible(user, await findTaskAccess(ctx.db, taskId, user.id), 'Task');
  const rows = await subtasks.listSubtasks(ctx.db, taskId, user.id);
  const today = utcToday();
  return rows.map((row) => presentTask(row, role, user.id, today));
}

/** A new order of a task's subtasks: every one of them, once; 409 when the list is not that. */
export async function reorderSubtasks(ctx: ServiceContext, user: Actor, taskId: string, body: ReorderSubtasksBody) {
  const { role } = requireVisible(user, await findTaskAccess(ctx.db, taskId, user.id), 'Task');
  requireRole(role, minimumRoleFor.canEditTasks, EDIT_ONLY);
  if (!(await subtasks.reorderSubtasks(ctx.db, user, taskId, body.subtaskIds))) throw conflict(STALE_LIST);
  return { subtaskIds: body.subtaskIds };
}
