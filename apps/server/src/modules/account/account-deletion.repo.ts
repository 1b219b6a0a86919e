import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DELETED_USER_NAME } from '@tasklane/contract';
import { rowsOf } from './account.repo.js';

/**
 * What stands in the way of deleting an account, read in one statement with its password hash:
 * the projects it is the last ADMIN of while others are members, and whether it is the
 * instance's last administrator.
 */
export async function findDeletionBlockers(db: Db, userId: string) {
  const result = await db.execute<{ password_hash: string; is_last_admin: boolean; projects: Array<{ _id: string; name: string }> | null }>(sql`
    select u.password_hash,
      (u.is_admin and not exists (
        select 1 from users o where o.is_admin and o.id <> u.id and o.deleted_at is null and o.deactivated_at is null
      )) as is_last_admin,
      (select json_agg(json_build_object('_id', p.id, 'name', p.name) order by p.name, p.id)
        from project_members pm
        join projects p on p.id = pm.project_id
        where pm.user_id = u.id and pm.role = 'ADMIN'
          and not exists (select 1 from project_members o where o.project_id = pm.project_id and o.user_id <> u.id and o.role = 'ADMIN')
          and exists (select 1 from project_members o where o.project_id = pm.project_id and o.user_id <> u.id)
      ) as projects
    from users u
    where u.id = ${userId} and u.deleted_at is null`);
  const [row] = rowsOf<{ password_hash: string; is_last_admin: boolean; projects: Array<{ _id: string; name: string }> | string | null }>(result);
  if (!row) return undefined;
  const projects = typeof row.projects === 'string' ? (JSON.parse(row.projects) as Array<{ _id: string; name: string }>) : (row.projects ?? []);
  return { passwordHash: row.password_hash, isLastAdmin: row.is_last_admin, projects };
}

/**
 * The projects that go with the account: those in workspaces it owns that nobody else is a
 * member of. (A project someone else uses stays, in a workspace owned by "Deleted user".)
 */
const soloProjects = (userId: string) => sql`
  select p.id from projects p
  join workspaces w on w.id = p.workspace_id
  where w.owner_id = ${userId}
    and not exists (select 1 from project_members pm where pm.project_id = p.id and pm.user_id <> ${userId})`;

/** The attachment files of the tasks in the projects that go (removed after the delete commits). */
export async function listDoomedStorageKeys(tx: Db, userId: string): Promise<string[]> {
  const result = await tx.execute<{ storage_key: string }>(sql`
    select ta.storage_key from task_attachments ta
    join tasks t on t.id = ta.task_id
    where t.project_id in (${soloProjects(userId)})`);
  return rowsOf<{ storage_key: string }>(result).map((row) => row.storage_key);
}

/**
 * Deletes the account in one statement, keeping its row so that its tasks, comments and
 * history stay attributed: the row is scrubbed (named "Deleted user", a username and an email
 * nobody can sign in with, an unusable password hash, no avatar, no second factor) and marked
 * deleted; its todos, categories, memberships, sessions, recovery codes, sign-in challenges and
 * reset links go, and so do the projects only it used and the workspaces left empty. Answers
 * the ended sessions' keys and the avatar file to remove; nothing when the account is gone.
 */
export async function deleteAccountRows(tx: Db, userId: string) {
  const result = await tx.execute<{ session_ids: string[] | null; avatar_key: string | null }>(sql`
    with solo as (${soloProjects(userId)}),
    doomed_projects as (delete from projects where id in (select id from solo) returning id),
    doomed_workspaces as (
      delete from workspaces w where w.owner_id = ${userId}
        and not exists (select 1 from projects p where p.workspace_id = w.id and p.id not in (select id from solo))
      returning id
    ),
    todos_gone as (delete from todos where owner_id = ${userId} returning id),
    categories_gone as (delete from categories where owner_id = ${userId} returning id),
    memberships_gone as (delete from project_members where user_id = ${userId} returning id),
    sessions_gone as (delete from sessions where user_id = ${userId} returning id),
    codes_gone as (delete from recovery_codes where user_id = ${userId} returning id),
    challenges_gone as (delete from login_challenges where user_id = ${userId} returning id),
    resets_gone as (delete from password_reset_tokens where user_id = ${userId} returning id),
    before as (select avatar_key from users where id = ${userId} and deleted_at is null),
    scrubbed as (
      update users set
        full_name = ${DELETED_USER_NAME},
        username = 'deleted-' || replace(id::text, '-', ''),
        email = 'deleted-' || id::text || '@deleted.invalid',
        password_hash = '!deleted',
        avatar = null, avatar_key = null, avatar_content_type = null,
        totp_secret = null, totp_enabled_at = null, totp_pending_secret = null,
        is_admin = false, deleted_at = now(), updated_at = now()
      where id = ${userId} and deleted_at is null
      returning id
    )
    select
      (select array_agg(id) from sessions_gone) as session_ids,
      (select avatar_key from before) as avatar_key,
      (select count(*) from doomed_projects) + (select count(*) from doomed_workspaces) + (select count(*) from todos_gone)
        + (select count(*) from categories_gone) + (select count(*) from memberships_gone) + (select count(*) from codes_gone)
        + (select count(*) from challenges_gone) + (select count(*) from resets_gone) as removed
    from scrubbed`);
  const [row] = rowsOf<{ session_ids: string[] | string | null; avatar_key: string | null }>(result);
  if (!row) return undefined;
  return { sessionIds: parseArray(row.session_ids), avatarKey: row.avatar_key };
}

/** A text[] as the driver gives it: an array, or PostgreSQL's '{a,b}' text. */
function parseArray(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
}
