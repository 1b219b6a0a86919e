import { forbidden, notFoundOrNotYours } from '../../http/errors.js';
import { deleteWithAttachmentFiles } from '../attachments/attachment-cleanup.js';
import type { Actor, ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { canManageWorkspace, canSeeWorkspace } from './workspaces.policy.js';
import { presentWorkspace } from './workspaces.presenter.js';
import * as repo from './workspaces.repo.js';

export async function listWorkspaces(ctx: ServiceContext, user: UserRow) {
  return (await repo.listVisibleWorkspaces(ctx.db, user.id)).map((row) => presentWorkspace(row, user.id));
}

export async function createWorkspace(ctx: ServiceContext, user: Actor, name: string) {
  return presentWorkspace(await repo.insertWorkspace(ctx.db, user, name), user.id);
}

/** The workspace as the user may see it; 404 when they may not see it at all. */
export async function getVisibleWorkspace(ctx: ServiceContext, user: UserRow, id: string) {
  const access = await repo.findWorkspaceAccess(ctx.db, id, user.id);
  if (!access || !canSeeWorkspace(access)) throw notFoundOrNotYours('Workspace');
  return access;
}

async function getManagedWorkspace(ctx: ServiceContext, user: UserRow, id: string, action: string) {
  const access = await getVisibleWorkspace(ctx, user, id);
  if (!canManageWorkspace(access)) throw forbidden(`Only the workspace owner can ${action} it`);
  return access.workspace;
}

export async function renameWorkspace(ctx: ServiceContext, user: Actor, id: string, name: string) {
  await getManagedWorkspace(ctx, user, id, 'rename');
  const workspace = await repo.renameWorkspace(ctx.db, user, id, name);
  if (!workspace) throw notFoundOrNotYours('Workspace');
  return presentWorkspace(workspace, user.id);
}

export async function deleteWorkspace(ctx: ServiceContext, user: Actor, id: string) {
  await getManagedWorkspace(ctx, user, id, 'delete');
  // The cascade removes projects and everything in them in the same transaction; the
  // attachments' files go after it commits.
  const isDeleted = await deleteWithAttachmentFiles(ctx, { workspaceId: id }, (tx) => repo.deleteWorkspace(tx, user, id));
  if (!isDeleted) throw notFoundOrNotYours('Workspace');
}
