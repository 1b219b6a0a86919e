import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import { isVisible } from '../notifications/notifications.repo.js';
import type { StoredItem } from '../notifications/notifier.repo.js';
import { goesBy } from './notification-preferences.repo.js';

/** A transaction (or the database): a mailer round runs in one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/** A notification being mailed, with what its message names. */
export type MailableNotification = {
  id: string;
  userId: string;
  email: string;
  fullName: string;
  kind: NotificationKind;
  items: StoredItem[];
  updatedAt: Date;
  taskId: string | null;
  taskTitle: string | null;
  projectId: string | null;
  projectName: string | null;
  featureId: string | null;
  featureTitle: string | null;
  /** A todo's reminder (decision 027): the todo, instead of a task. */
  todoId: string | null;
  todoTitle: string | null;
};

export type PendingWindow = { quietMs: number; maxAgeMs: number };

const secondsOf = (ms: number) => ms / 1000;

/**
 * What may be mailed with `delivery`: its recipient chose it (or the default is it) before its
 * newest event, it is unread, not mailed since its newest event, quiet for a while since it was
 * last stored (a burst of events on a task makes one message, even when the notifier read the
 * burst over several rounds: decision 046), not older than `maxAgeMs` (configuring SMTP does not mail
 * a backlog), to an account that may sign in, and visible to its recipient by the inbox's own
 * rule. Written against the `notifications` table.
 */
function pending(delivery: 'EMAIL' | 'DIGEST', window: PendingWindow): SQL {
  return sql`notifications.emailed_at is null and notifications.read_at is null
    and notifications.stored_at <= now() - make_interval(secs => ${secondsOf(window.quietMs)})
    and notifications.updated_at > now() - make_interval(secs => ${secondsOf(window.maxAgeMs)})
    and exists (select 1 from users ru where ru.id = notifications.user_id and ru.deleted_at is null and ru.deactivated_at is null)
    and ${goesBy(delivery, { userId: sql`notifications.user_id`, kind: sql`notifications.kind`, at: sql`notifications.updated_at` })}
    and ${isVisible}`;
}

/**
 * Marks up to `limit` claimed notifications emailed (FOR UPDATE SKIP LOCKED: another instance's
 * round, or the notifier collapsing into one, keeps its rows) and answers them with what their
 * message names. Rolled back with the round's transaction if its messages cannot be enqueued.
 */
function claim(tx: Tx, where: SQL, limit: number) {
  return tx.execute(sql`
    with claimed as (
      update notifications set emailed_at = statement_timestamp()
      where id in (
        select notifications.id from notifications where ${where}
        order by notifications.updated_at limit ${limit}
        for update of notifications skip locked)
      returning id, user_id, kind, items, updated_at, task_id, project_id, feature_id, todo_id)
    select c.id, c.user_id as "userId", u.email, u.full_name as "fullName", c.kind, c.items, c.updated_at as "updatedAt",
      t.id as "taskId", t.title as "taskTitle", p.id as "projectId", p.name as "projectName", f.id as "featureId", f.title as "featureTitle",
      td.id as "todoId", td.title as "todoTitle"
    from claimed c join users u on u.id = c.user_id
      left join tasks t on t.id = c.task_id left join projects p on p.id = c.project_id left join features f on f.id = c.feature_id
      left join todos td on td.id = c.todo_id
    order by c.user_id, c.updated_at desc`);
}

function mailable(result: unknown): MailableNotification[] {
  return rowsOf<MailableNotification & { updatedAt: Date | string }>(result).map((row) => ({ ...row, updatedAt: new Date(row.updatedAt) }));
}

/** Claims notifications to mail at once (the recipient chose EMAIL for their kind). */
export async function claimImmediate(tx: Tx, window: PendingWindow, limit: number): Promise<MailableNotification[]> {
  return mailable(await claim(tx, pending('EMAIL', window), limit));
}

/**
 * Gives each person with a digest waiting a row in notification_digests (in its own statement,
 * outside the round's transaction, in one order, so two instances never wait on each other).
 */
export async function ensureDigestRows(db: Db, window: PendingWindow) {
  await db.execute(sql`
    insert into notification_digests (user_id)
    select distinct notifications.user_id from notifications where ${pending('DIGEST', window)}
    order by notifications.user_id
    on conflict (user_id) do nothing`);
}

/**
 * Claims up to `limit` people whose digest is due (none sent yet, or the last one at least
 * `intervalMs` ago) and who have something waiting: their digest row is locked for the round,
 * so another instance skips them.
 */
export async function claimDueDigests(tx: Tx, window: PendingWindow, intervalMs: number, limit: number): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      select d.user_id from notification_digests d
      where (d.last_sent_at is null or d.last_sent_at <= now() - make_interval(secs => ${secondsOf(intervalMs)}))
        and exists (select 1 from notifications where notifications.user_id = d.user_id and ${pending('DIGEST', window)})
      order by d.last_sent_at nulls first limit ${limit}
      for update of d skip locked`),
  );
  return rows.map((row) => row.user_id);
}

/** Claims the waiting digest notifications of these people (their digest rows are this round's). */
export async function claimDigestNotifications(tx: Tx, userIds: string[], window: PendingWindow, limit: number): Promise<MailableNotification[]> {
  if (userIds.length === 0) return [];
  const people = sql`notifications.user_id in (${sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  return mailable(await claim(tx, sql`${people} and ${pending('DIGEST', window)}`, limit));
}

/** Starts these people's next digest hour now. */
export async function markDigestsSent(tx: Tx, userIds: string[]) {
  if (userIds.length === 0) return;
  await tx.execute(sql`update notification_digests set last_sent_at = statement_timestamp()
    where user_id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}
