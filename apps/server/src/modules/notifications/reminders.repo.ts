import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reminderScheduler } from '../../db/schema.js';
import type { StoredItem, Tx } from './notifier.repo.js';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/** Makes sure the scheduler's row exists (the migration adds none). */
export async function ensureSchedulerRow(db: Db) {
  await db.insert(reminderScheduler).values({ id: 1 }).onConflictDoNothing();
}

/** Claims the scheduler for this round: false when another instance holds it (it is making the reminders). */
export async function claimScheduler(tx: Tx): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`select id from ${reminderScheduler} where id = 1 for update skip locked`));
  return rows.length > 0;
}

/** A round is done: when (by the scheduler's clock). */
export async function markRoundDone(tx: Tx, at: Date) {
  await tx.update(reminderScheduler).set({ ranAt: at }).where(sql`${reminderScheduler.id} = 1`);
}

/** Where a page of candidates ends: the next page starts after it. */
export type CandidateKey = { dueDate: string; itemType: 'task' | 'todo'; itemId: string };

export type ReminderCandidate = CandidateKey & {
  userId: string;
  timeZone: string | null;
  title: string;
  projectId: string | null;
  projectName: string | null;
  featureId: string | null;
  featureTitle: string | null;
  isDueSoonSent: boolean;
};

export type CandidateWindow = {
  /** Due dates from this day on (the lookback, with a day and a half for the widest zones). */
  fromDate: string;
  /** Up to this day: the latest that can be due within 24 hours in any zone. */
  toDate: string;
  /** Up to this day one can already be overdue somewhere: later ones that had their DUE_SOON are left out. */
  overdueToDate: string;
  after: CandidateKey | undefined;
  limit: number;
};

const MIN_UUID = '00000000-0000-0000-0000-000000000000';
const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * The open items that may need a reminder now, in one query (decision 027): tasks assigned to an
 * active user who may see their project, and active users' todos, neither COMPLETED nor
 * CANCELLED, due within the window, without their OVERDUE reminder for this due date yet. Each
 * branch is a range scan of its partial index on (due_date, id); pages follow (due_date, type, id).
 * The exact moment in the recipient's zone is the caller's to check (Intl, like the validation).
 */
export async function findReminderCandidates(tx: Tx, window: CandidateWindow): Promise<ReminderCandidate[]> {
  const after = window.after ?? { dueDate: '0001-01-01', itemType: 'task', itemId: MIN_UUID };
  // (due, 'task', id) > after: within its day, tasks come before todos.
  const taskAfterId = after.itemType === 'task' ? after.itemId : MAX_UUID;
  const todoAfterId = after.itemType === 'todo' ? after.itemId : MIN_UUID;
  const todoAfterInclusive = after.itemType === 'task';
  const sentAs = (kind: string, item: ReturnType<typeof sql>, dueDate: ReturnType<typeof sql>, user: ReturnType<typeof sql>) =>
    sql`exists (select 1 from reminders_sent r where r.item_id = ${item} and r.due_date = ${dueDate} and r.kind = ${kind} and r.user_id = ${user})`;
  const rows = rowsOf<ReminderCandidate>(
    await tx.execute(sql`
      select c.* from (
        select 'task' as "itemType", t.id as "itemId", t.due_date::text as "dueDate", t.assignee_id as "userId", u.time_zone as "timeZone",
          t.title, t.project_id as "projectId", p.name as "projectName", t.feature_id as "featureId", f.title as "featureTitle",
          ${sentAs('DUE_SOON', sql`t.id`, sql`t.due_date`, sql`t.assignee_id`)} as "isDueSoonSent"
        from tasks t
          join users u on u.id = t.assignee_id
          join projects p on p.id = t.project_id
          join features f on f.id = t.feature_id
        where t.due_date is not null and t.assignee_id is not null and t.status not in ('COMPLETED', 'CANCELLED')
          and t.due_date between ${window.fromDate}::date and ${window.toDate}::date
          and (t.due_date, t.id) > (${after.dueDate}::date, ${taskAfterId}::uuid)
          and u.deleted_at is null and u.deactivated_at is null
          and (exists (select 1 from project_members pm where pm.project_id = t.project_id and pm.user_id = t.assignee_id)
            or exists (select 1 from workspaces w where w.id = p.workspace_id and w.owner_id = t.assignee_id))
          and not ${sentAs('OVERDUE', sql`t.id`, sql`t.due_date`, sql`t.assignee_id`)}
          and (t.due_date <= ${window.overdueToDate}::date or not ${sentAs('DUE_SOON', sql`t.id`, sql`t.due_date`, sql`t.assignee_id`)})
        union all
        select 'todo', d.id, d.due_date::text, d.owner_id, u.time_zone, d.title, null, null, null, null,
          ${sentAs('DUE_SOON', sql`d.id`, sql`d.due_date`, sql`d.owner_id`)}
        from todos d
          join users u on u.id = d.owner_id
        where d.due_date is not null and d.status not in ('COMPLETED', 'CANCELLED')
          and d.due_date between ${window.fromDate}::date and ${window.toDate}::date
          and ${todoAfterInclusive ? sql`(d.due_date, d.id) >= (${after.dueDate}::date, ${todoAfterId}::uuid)` : sql`(d.due_date, d.id) > (${after.dueDate}::date, ${todoAfterId}::uuid)`}
          and u.deleted_at is null and u.deactivated_at is null
          and not ${sentAs('OVERDUE', sql`d.id`, sql`d.due_date`, sql`d.owner_id`)}
          and (d.due_date <= ${window.overdueToDate}::date or not ${sentAs('DUE_SOON', sql`d.id`, sql`d.due_date`, sql`d.owner_id`)})
      ) c
      order by c."dueDate", c."itemType", c."itemId"
      limit ${window.limit}`),
  );
  return rows.map((row) => ({ ...row, isDueSoonSent: row.isDueSoonSent === true || (row.isDueSoonSent as unknown) === 't' }));
}

export type Reminder = {
  userId: string;
  itemType: 'task' | 'todo';
  itemId: string;
  dueDate: string;
  kind: 'DUE_SOON' | 'OVERDUE';
  projectId: string | null;
  featureId: string | null;
  taskId: string | null;
  todoId: string | null;
  item: StoredItem;
};

/**
 * Records the reminders and makes the notification (and its live event, for its recipient) of
 * each one not recorded before, in one statement: a reminder already made (by a round that
 * committed before a restart, or on another instance) makes nothing. Answers how many were made.
 */
export async function insertReminders(tx: Tx, reminders: Reminder[]): Promise<number> {
  if (reminders.length === 0) return 0;
  const input = reminders.map((reminder) => ({
    user_id: reminder.userId,
    item_type: reminder.itemType,
    item_id: reminder.itemId,
    due_date: reminder.dueDate,
    kind: reminder.kind,
    project_id: reminder.projectId,
    feature_id: reminder.featureId,
    task_id: reminder.taskId,
    todo_id: reminder.todoId,
    items: [reminder.item],
    at: reminder.item.at,
  }));
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(user_id uuid, item_type text, item_id uuid, due_date date, kind text,
          project_id uuid, feature_id uuid, task_id uuid, todo_id uuid, items jsonb, at timestamptz)
      ), recorded as (
        insert into reminders_sent (user_id, item_type, item_id, due_date, kind)
        select user_id, item_type, item_id, due_date, kind from input
        on conflict do nothing
        returning user_id, item_id, due_date, kind
      ), inserted as (
        insert into notifications (user_id, kind, actor_id, project_id, feature_id, task_id, todo_id, items, created_at, updated_at)
        select i.user_id, i.kind, null, i.project_id, i.feature_id, i.task_id, i.todo_id, i.items, i.at, i.at
        from input i join recorded r on r.user_id = i.user_id and r.item_id = i.item_id and r.due_date = i.due_date and r.kind = i.kind
        returning id, user_id
      )
      insert into events (type, entity_id, owner_id, actor_id, created_at)
      select 'notification.created', id, user_id, null, statement_timestamp() from inserted
      returning id`),
  );
  return rows.length;
}

/** Records of reminders whose due date is long past (the lookback no longer reaches them). */
export async function pruneRemindersSent(db: Db, beforeDate: string) {
  await db.execute(sql`delete from reminders_sent where due_date < ${beforeDate}::date`);
}
