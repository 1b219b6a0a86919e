import { conflict, notFoundOrNotYours } from '../../http/errors.js';
import { findUserForAdminChange, lockAdministrators } from '../admin/admin-users.repo.js';
import type { ServiceContext } from '../context.js';
import { findProjectsLastAdminOf, scrubAccount } from './account-deletion.repo.js';

export const LAST_ADMINISTRATOR_MESSAGE = 'This is the last administrator of this instance: make someone else an administrator first.';

/**
 * Deletes an account, whoever asks (the person themselves, or an administrator): its row stays,
 * scrubbed and named "Deleted user", so the tasks, comments and history it wrote stay attributed;
 * its todos, categories, memberships, sessions, recovery codes and reset tokens go. Refused (409)
 * while it is the instance's last administrator, or the last ADMIN of a project that has other
 * members (the message lists them). Its sessions end at once, open event streams included.
 */
export async function deleteUserAccount(ctx: ServiceContext, userId: string): Promise<void> {
  const result = await ctx.db.transaction(async (tx) => {
    await lockAdministrators(tx);
    const target = await findUserForAdminChange(tx, userId);
    if (!target) throw notFoundOrNotYours('User');
    if (target.isAdmin && target.deactivatedAt === null && !target.hasOtherAdmin) throw conflict(LAST_ADMINISTRATOR_MESSAGE);
    const projects = await findProjectsLastAdminOf(tx, userId);
    if (projects.length > 0) {
      const names = projects.map((project) => project.name).join(', ');
      throw conflict(
        `This account is the last ADMIN of ${projects.length === 1 ? 'a project' : 'projects'} with other members: ${names}. Make another member ADMIN there first.`,
        projects.map((project) => ({ field: 'projects', message: project.name })),
      );
    }
    const scrubbed = await scrubAccount(tx, userId);
    if (!scrubbed) throw notFoundOrNotYours('User');
    return scrubbed;
  });
  for (const sessionId of result.endedSessions) ctx.events?.endSession(sessionId);
  // The avatar's file goes after the commit: a rollback must never lose a file still in use.
  if (result.avatarKey) await ctx.files.remove(result.avatarKey).catch(() => undefined);
}
