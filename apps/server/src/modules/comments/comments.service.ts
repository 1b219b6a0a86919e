import { mappingForeignKeys } from '../../db/errors.js';
import { forbidden, notFoundOrNotYours } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { requireVisible } from '../projects/project-access.js';
import { taskAbilitiesFor } from '../projects/projects.policy.js';
import { findTaskAccess } from '../tasks/tasks.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { presentComment } from './comments.presenter.js';
import * as repo from './comments.repo.js';

/** Anyone who can see the task may read and add its comments; everyone else gets 404. */
async function requireCommentAccess(ctx: ServiceContext, user: UserRow, taskId: string) {
  const { row: task, role } = requireVisible(user, await findTaskAccess(ctx.db, taskId, user.id), 'Task');
  return { task, role };
}

export async function listComments(ctx: ServiceContext, user: UserRow, taskId: string, page: { page: number; limit: number }) {
  await requireCommentAccess(ctx, user, taskId);
  const { rows, total } = await repo.listComments(ctx.db, taskId, page);
  return { data: rows.map(presentComment), total };
}

export async function addComment(ctx: ServiceContext, user: Actor, taskId: string, comment: string) {
  const { task, role } = await requireCommentAccess(ctx, user, taskId);
  if (!taskAbilitiesFor(role, task.createdBy === user.id).canComment) throw forbidden('You cannot comment on this task');
  // The task was deleted between the check and the insert: as if it never was.
  const row = await mappingForeignKeys({ [repo.commentTaskKey]: () => notFoundOrNotYours('Task') }, () =>
    repo.insertComment(ctx.db, user, taskId, comment),
  );
  return presentComment({ ...row, author: { id: user.id, fullName: user.fullName, email: user.email, avatar: user.avatar } });
}
