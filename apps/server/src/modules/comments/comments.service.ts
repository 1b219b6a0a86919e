import { canDeleteComment, canEditComment } from '@tasklane/contract';
import { mappingForeignKeys } from '../../db/errors.js';
import { forbidden, notFound, notFoundOrNotYours } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { requireVisible } from '../projects/project-access.js';
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

/**
 * Anyone who sees the task may comment; the insert checks that itself (comments.repo.ts), so
 * no row means 404, as for a task that does not exist.
 */
export async function addComment(ctx: ServiceContext, user: Actor, taskId: string, comment: string) {
  // The task was deleted between the statement's check and its insert: as if it never was.
  const row = await mappingForeignKeys({ [repo.commentTaskKey]: () => notFoundOrNotYours('Task') }, () =>
    repo.insertComment(ctx.db, user, taskId, comment),
  );
  if (!row) throw notFoundOrNotYours('Task');
  return presentComment({ ...row, author: { id: user.id, fullName: user.fullName, email: user.email, avatar: user.avatar } });
}

const commentNotFound = () => notFound('Comment not found');

/** The comment's author, after the task's access check: 404 when the task has no such comment. */
async function requireComment(ctx: ServiceContext, user: UserRow, taskId: string, commentId: string) {
  const access = await requireCommentAccess(ctx, user, taskId);
  const comment = await repo.findCommentAuthor(ctx.db, taskId, commentId);
  if (!comment) throw commentNotFound();
  return { ...access, isAuthor: comment.userId === user.id };
}

/** Its author changes a comment's text (marked edited); anyone else who sees it gets 403. */
export async function editComment(ctx: ServiceContext, user: Actor, taskId: string, commentId: string, comment: string) {
  const { isAuthor } = await requireComment(ctx, user, taskId, commentId);
  if (!canEditComment(isAuthor)) throw forbidden('You can only edit your own comments');
  const row = await repo.updateComment(ctx.db, user, taskId, commentId, comment);
  // Deleted between the check and the write.
  if (!row) throw commentNotFound();
  return presentComment({ ...row, author: { id: user.id, fullName: user.fullName, email: user.email, avatar: user.avatar } });
}

/** Its author deletes a comment, and so do the project's ADMINs and MODERATORs; anyone else who sees it gets 403. */
export async function removeComment(ctx: ServiceContext, user: Actor, taskId: string, commentId: string) {
  const { role, isAuthor } = await requireComment(ctx, user, taskId, commentId);
  if (!canDeleteComment(role, isAuthor)) throw forbidden('Only its author, a moderator or an admin can delete a comment');
  if (!(await repo.deleteComment(ctx.db, user, taskId, commentId))) throw commentNotFound();
}
