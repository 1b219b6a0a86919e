import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DELETED_USER_NAME } from '@tasklane/contract';
import { rowsOf } from './account.repo.js';

/**
 * The projects that go with the account: those in workspaces it owns that nobody else is a
 * member of. (A project someone else uses stays, in a workspace owned by "Deleted user".)
 */
const soloProjects = (userId: string) => sql`
  select p.id from projects p
  join workspaces w on w.id = p.workspace_id
  where w.owner_id = ${userId}
    and not exists (select 1 from project_members pm where pm.project_id = p.id and pm.user_id <> ${userId})`;

/**
 * Deletes the account in one statement, keeping its row so that its tasks, comments and
 * history stay attributed: the row is scrubbed (named "Deleted user", a username and an email
 * nobody can sign in with, an unusable password hash, no avatar, no second factor) and marked
 * deleted; its todos, categories, memberships, sessions, recovery codes, sign-in challenges,
 * reset links, notification email settings, calendar feed and API tokens and imports go, and so do the projects only it used and the workspaces left empty. Answers
 * the ended sessions' keys and the files to remove (its avatar, the attachments of the projects
 * that went); nothing when the account is gone.
 */
export async function deleteAccountRows(tx: Db, userId: string) {
  const result = await tx.execute<{ session_ids: string[] | null; api_token_ids: string[] | null; avatar_key: string | null; storage_keys: string[] | null }>(sql`
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
    preferences_gone as (delete from notification_preferences where user_id = ${userId} returning user_id),
    digests_gone as (delete from notification_digests where user_id = ${userId} returning user_id),
    feed_gone as (delete from calendar_feeds where user_id = ${userId} returning user_id),
    api_tokens_gone as (delete from api_tokens where user_id = ${userId} returning id),
    -- Its imports (issue 20), finished or not (a runner holding one loses it and rolls back), and their files.
    imports_gone as (delete from import_jobs where owner_id = ${userId} returning file_key),
    before as (select avatar_key from users where id = ${userId} and deleted_at is null),
    -- The attachment files of the projects that go (every CTE reads the statement's snapshot, so
    -- these rows are seen although their projects are being deleted): removed after the commit.
    doomed_files as (
      select ta.storage_key from task_attachments ta
      join tasks t on t.id = ta.task_id
      where t.project_id in (select id from solo)
      union all
      select file_key from imports_gone where file_key is not null
    ),
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
      (select array_agg(id) from api_tokens_gone) as api_token_ids,
      (select avatar_key from before) as avatar_key,
      (select array_agg(storage_key) from doomed_files) as storage_keys,
      (select count(*) from doomed_projects) + (select count(*) from doomed_workspaces) + (select count(*) from todos_gone)
        + (select count(*) from categories_gone) + (select count(*) from memberships_gone) + (select count(*) from codes_gone)
        + (select count(*) from challenges_gone) + (select count(*) from resets_gone) as removed
    from scrubbed`);
  const [row] = rowsOf<{ session_ids: string[] | string | null; api_token_ids: string[] | string | null; avatar_key: string | null; storage_keys: string[] | string | null }>(
    result,
  );
  if (!row) return undefined;
  return {
    sessionIds: parseArray(row.session_ids),
    apiTokenIds: parseArray(row.api_token_ids),
    avatarKey: row.avatar_key,
    files: parseArray(row.storage_keys),
  };
}

/** A text[] as the driver gives it: an array, or PostgreSQL's '{a,b}' text. */
function parseArray(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
}
