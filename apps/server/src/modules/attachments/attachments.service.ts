import type { Attachment, MemberRole } from '@tasklane/contract';
import { notFound, notFoundOrNotYours } from '../../http/errors.js';
import { FileMissingError } from '../../storage/file-store.js';
import type { Actor, ServiceContext } from '../context.js';
import { requireRole, requireVisible } from '../projects/project-access.js';
import { minimumRoleFor } from '../projects/projects.policy.js';
import { findTaskAccess } from '../tasks/tasks.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { presentAttachment } from './attachments.presenter.js';
import * as repo from './attachments.repo.js';
import { receiveUpload, removeStoredFiles, type UploadPart } from './upload.js';

const EDIT_ONLY = 'Only members, moderators and admins can add and remove attachments';

/** The caller's role in the task's project; 404 for anyone who may not see the task. */
async function requireTaskRole(ctx: ServiceContext, user: UserRow, taskId: string): Promise<MemberRole> {
  return requireVisible(user, await findTaskAccess(ctx.db, taskId, user.id), 'Task').role;
}

/** Those who may edit the task (MEMBER and above, the workspace owner) add and remove its files. */
function requireEditor(role: MemberRole) {
  requireRole(role, minimumRoleFor.canEditTasks, EDIT_ONLY);
}

async function presentList(ctx: ServiceContext, taskId: string): Promise<Attachment[]> {
  return (await repo.listAttachments(ctx.db, taskId)).map(presentAttachment);
}

export async function listTaskAttachments(ctx: ServiceContext, user: UserRow, taskId: string) {
  await requireTaskRole(ctx, user, taskId);
  return presentList(ctx, taskId);
}

/**
 * Stores an upload's files, then records them with their ATTACHMENT_ADDED entry in one
 * statement. The caller is checked before a byte is read. Rows are written only once every
 * file is in place; if the statement fails (or the task is gone) the files are removed.
 */
export async function addAttachments(ctx: ServiceContext, user: Actor, taskId: string, parts: AsyncIterable<UploadPart>) {
  requireEditor(await requireTaskRole(ctx, user, taskId));
  const upload = await receiveUpload(ctx.files, parts, ctx.config.uploads);
  let isWritten = false;
  try {
    isWritten = await repo.insertAttachmentsWithHistory(ctx.db, user, taskId, upload.files, upload.description, {
      action: 'ATTACHMENT_ADDED',
      details: {
        added: upload.files.map((file) => ({ _id: file.id, name: file.name, size: file.size })),
        description: upload.description,
      },
    });
  } finally {
    if (!isWritten) await removeStoredFiles(ctx.files, upload.files.map((file) => file.storageKey));
  }
  // Deleted between the check and the write.
  if (!isWritten) throw notFoundOrNotYours('Task');
  return presentList(ctx, taskId);
}

export async function openAttachment(ctx: ServiceContext, user: UserRow, taskId: string, attachmentId: string) {
  await requireTaskRole(ctx, user, taskId);
  const row = await repo.findAttachmentFile(ctx.db, taskId, attachmentId);
  if (!row) throw notFoundOrNotYours('Attachment');
  try {
    const file = await ctx.files.open(row.storageKey);
    return { ...file, name: row.name, contentType: row.contentType };
  } catch (error) {
    if (error instanceof FileMissingError) throw notFound("This attachment's file is missing");
    throw error;
  }
}

export async function removeAttachment(ctx: ServiceContext, user: Actor, taskId: string, attachmentId: string) {
  requireEditor(await requireTaskRole(ctx, user, taskId));
  const deleted = await repo.deleteAttachmentWithHistory(ctx.db, user, taskId, attachmentId);
  if (!deleted) throw notFoundOrNotYours('Attachment');
  await removeStoredFiles(ctx.files, [deleted.storageKey]);
}
