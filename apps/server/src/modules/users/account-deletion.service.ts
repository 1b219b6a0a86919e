import { conflict, notFoundOrNotYours, unauthorized } from '../../http/errors.js';
import { deleteAccountRows } from '../account/account-deletion.repo.js';
import { findUserForAdminChange, lockAdministrators } from '../admin/admin-users.repo.js';
import { removeStoredFiles } from '../attachments/upload.js';
import type { ServiceContext } from '../context.js';
import { findProjectsLastAdminOf } from './account-deletion.repo.js';
import { apiTokenStreamKey } from '../api-tokens/api-token-secrets.js';

export const LAST_ADMINISTRATOR_MESSAGE = 'This is the last administrator of this instance: make someone else an administrator first.';
const OWN_LAST_ADMINISTRATOR_MESSAGE = "You are this instance's last administrator. Make someone else an administrator first.";

/** Who deletes: the person themselves (DELETE /users/me) or an administrator (DELETE /admin/users/{id}); only the wording differs. */
export type Deleter = 'self' | 'administrator';

function lastProjectAdminMessage(deleter: Deleter, names: string[]) {
  const list = names.join(', ');
  if (deleter === 'self') {
    return `You are the last admin of ${names.length === 1 ? 'this project' : 'these projects'}: ${list}. Make another member an admin, or delete ${names.length === 1 ? 'it' : 'them'}, first.`;
  }
  return `This account is the last ADMIN of ${names.length === 1 ? 'a project' : 'projects'} with other members: ${list}. Make another member ADMIN there first.`;
}

/**
 * Deletes an account, whoever asks: its row stays, scrubbed and named "Deleted user", so the
 * tasks, comments and history it wrote stay attributed; its todos, categories, memberships,
 * sessions, second factor, reset links, the projects only it used and the workspaces left empty
 * go (account/account-deletion.repo.ts). Refused (409) while it is the instance's last
 * administrator (checked under the administrators' lock, so two deletions cannot both pass), or
 * the last ADMIN of a project that has other members (the message names them, and `errors`
 * lists them as `{ field: 'projects' }`). Its sessions end at once, open event streams included;
 * the files go after the commit, since a rollback must never lose a file still in use.
 */
export async function deleteUserAccount(
  ctx: ServiceContext,
  userId: string,
  deleter: Deleter = 'administrator',
  /** The person's own deletion checks their password here (it throws when wrong), before anything else is refused. */
  checkPassword?: (passwordHash: string) => Promise<void>,
): Promise<void> {
  const result = await ctx.db.transaction(async (tx) => {
    await lockAdministrators(tx);
    const target = await findUserForAdminChange(tx, userId);
    const gone = () => (deleter === 'self' ? unauthorized() : notFoundOrNotYours('User'));
    if (!target) throw gone();
    await checkPassword?.(target.passwordHash);
    if (target.isAdmin && target.deactivatedAt === null && !target.hasOtherAdmin) {
      throw conflict(deleter === 'self' ? OWN_LAST_ADMINISTRATOR_MESSAGE : LAST_ADMINISTRATOR_MESSAGE);
    }
    const projects = await findProjectsLastAdminOf(tx, userId);
    if (projects.length > 0) {
      throw conflict(
        lastProjectAdminMessage(deleter, projects.map((project) => project.name)),
        projects.map((project) => ({ field: 'projects', message: project.name })),
      );
    }
    const deleted = await deleteAccountRows(tx, userId);
    if (!deleted) throw gone();
    return deleted;
  });
  for (const sessionId of result.sessionIds) ctx.events?.endSession(sessionId);
  for (const tokenId of result.apiTokenIds) ctx.events?.endSession(apiTokenStreamKey(tokenId));
  await removeStoredFiles(ctx.files, [...result.files, ...(result.avatarKey ? [result.avatarKey] : [])]);
}
