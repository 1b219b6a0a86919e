import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, notifications, notifierCursor } from '../../db/schema.js';
import type { EventRow } from '../events/events.repo.js';

/** The event types a notification can come from. */
export const NOTIFYING_EVENT_TYPES = ['task.created', 'task.updated', 'task.moved', 'comment.created', 'comment.updated', 'member.added', 'member.updated', 'member.removed'] as const;

/** A transaction (or the database): the notifier runs each round in one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/** Makes sure the cursor exists (a database restored without it, or the migration's row gone). */
export async function ensureCursor(db: Db) {
  await db.insert(notifierCursor).values({ id: 1 }).onConflictDoNothing();
}

/** The round's lock waits end after `ms` (then it gives way to the request holding the lock). */
export async function giveWayToRequests(tx: Tx, ms: number) {
  await tx.execute(sql.raw(`set local lock_timeout = ${Math.trunc(ms)}`));
}

/** Where the notifier stands (decision 043): ids up to `processedId` read, but for the gaps. */
export type Cursor = { processedId: number; processedUntil: Date; gaps: GapRange[] };
/** [first id, last id, noticed at (ms since the epoch)]: ids not seen yet below the cursor. */
export type GapRange = [number, number, number];

/** Claims the cursor for this round: null when another instance holds it (it works meanwhile). */
export async function claimCursor(tx: Tx): Promise<Cursor | null> {
  const rows = rowsOf<{ processed_id: string | number; processed_until: string | Date; gaps: GapRange[] | string }>(
    await tx.execute(
      sql`select ${notifierCursor.processedId} as processed_id, ${notifierCursor.processedUntil} as processed_until, ${notifierCursor.gaps} as gaps from ${notifierCursor} where ${notifierCursor.id} = 1 for update skip locked`,
    ),
  );
  const row = rows[0];
  if (!row) return null;
  const gaps = typeof row.gaps === 'string' ? (JSON.parse(row.gaps) as GapRange[]) : row.gaps;
  return { processedId: Number(row.processed_id), processedUntil: new Date(row.processed_until), gaps: gaps.map(([first, last, at]) => [Number(first), Number(last), Number(at)]) };
}

const eventColumns = sql.raw(
  `e.id, e.type, e.entity_id as "entityId", e.project_id as "projectId", e.workspace_id as "workspaceId", e.feature_id as "featureId",
   e.task_id as "taskId", e.owner_id as "ownerId", e.subject_id as "subjectId", e.version, e.actor_id as "actorId", e.origin, e.created_at as "createdAt"`,
);

/**
 * The events the cursor has not read, of every type (each id must be seen to be passed), oldest
 * first: those after it and those of its gaps that have committed since. Two index scans
 * whatever the number of events written meanwhile.
 */
export async function findUnreadEvents(tx: Tx, cursor: Cursor, limit: number): Promise<EventRow[]> {
  // Each branch takes at most `limit` itself: a cursor far behind (an instance down for hours)
  // reads its backlog a batch at a time from the index, never sorting all of it.
  const after = sql`select ${eventColumns} from ${events} e where e.id > ${cursor.processedId} order by e.id limit ${limit}`;
  const query =
    cursor.gaps.length === 0
      ? after
      : sql`((${after})
          union all
          select ${eventColumns} from unnest(${`{${cursor.gaps.map((gap) => gap[0]).join(',')}}`}::bigint[], ${`{${cursor.gaps.map((gap) => gap[1]).join(',')}}`}::bigint[]) as g(first, last)
            join ${events} e on e.id between g.first and g.last)
        order by id limit ${limit}`;
  const rows = rowsOf<Omit<EventRow, 'id' | 'version' | 'createdAt'> & { id: string | number; version: string | number | null; createdAt: string | Date }>(await tx.execute(query));
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    version: row.version === null ? null : Number(row.version),
    createdAt: new Date(row.createdAt),
  }));
}

/** Moves the cursor (decision 043). */
export async function saveCursor(tx: Tx, cursor: Cursor) {
  await tx
    .update(notifierCursor)
    .set({ processedId: cursor.processedId, processedUntil: cursor.processedUntil, gaps: cursor.gaps })
    .where(sql`${notifierCursor.id} = 1`);
}

/** Where the notifier stands: housekeeping keeps the events it has not read yet. */
export async function findProcessedUntil(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: notifierCursor.processedUntil }).from(notifierCursor).limit(1);
  return row?.at ?? null;
}

export type TaskContext = {
  id: string;
  title: string;
  description: string;
  createdBy: string | null;
  assigneeId: string | null;
  projectId: string;
  projectName: string;
  featureId: string;
  featureTitle: string;
  workspaceOwnerId: string;
};

/** A list of uuids for `in (...)`. */
const uuidList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/** These tasks with their project, feature and workspace owner, by id: one statement for a round's events. */
export async function findTaskContexts(tx: Tx, taskIds: string[]): Promise<Map<string, TaskContext>> {
  if (taskIds.length === 0) return new Map();
  const rows = rowsOf<TaskContext>(
    await tx.execute(sql`
      select t.id, t.title, t.description, t.created_by as "createdBy", t.assignee_id as "assigneeId",
        t.project_id as "projectId", p.name as "projectName", t.feature_id as "featureId", f.title as "featureTitle",
        w.owner_id as "workspaceOwnerId"
      from tasks t join projects p on p.id = t.project_id join features f on f.id = t.feature_id
        join workspaces w on w.id = p.workspace_id
      where t.id in (${uuidList(taskIds)})`),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Everyone who may see each project now: its members and its workspace's owner. */
export async function findProjectAudiences(tx: Tx, projectIds: string[]): Promise<Map<string, Set<string>>> {
  const audiences = new Map(projectIds.map((id) => [id, new Set<string>()]));
  if (projectIds.length === 0) return audiences;
  const rows = rowsOf<{ project_id: string; user_id: string }>(
    await tx.execute(sql`
      select project_id, user_id from project_members where project_id in (${uuidList(projectIds)})
      union select p.id, w.owner_id from projects p join workspaces w on w.id = p.workspace_id where p.id in (${uuidList(projectIds)})`),
  );
  for (const row of rows) audiences.get(row.project_id)?.add(row.user_id);
  return audiences;
}

/**
 * Who watches each task: an explicit choice (task_watchers) wins; without one, its creator,
 * its assignee and whoever commented on it. The commenters are read by skipping from one to the
 * next in task_comments_task_user_idx (a recursive lookup per task: one probe per commenter),
 * not by reading every comment: a busy task's hundreds of comments made each of its comments'
 * rounds read them all (decision 025, "Who commented").
 */
export async function findWatchersOfTasks(tx: Tx, taskIds: string[]): Promise<Map<string, string[]>> {
  const watchers = new Map(taskIds.map((id) => [id, [] as string[]]));
  if (taskIds.length === 0) return watchers;
  const rows = rowsOf<{ task_id: string; user_id: string }>(
    await tx.execute(sql`
      with implicit as (
        select id as task_id, created_by as user_id from tasks where id in (${uuidList(taskIds)}) and created_by is not null
        union select id, assignee_id from tasks where id in (${uuidList(taskIds)}) and assignee_id is not null
        union select t.id, commenter.user_id from unnest(array[${uuidList(taskIds)}]) as t(id) cross join lateral (
          with recursive next_commenter(user_id) as (
            (select c.user_id from task_comments c where c.task_id = t.id order by c.user_id limit 1)
            union all
            select (select c.user_id from task_comments c where c.task_id = t.id and c.user_id > n.user_id order by c.user_id limit 1)
            from next_commenter n where n.user_id is not null
          ) select user_id from next_commenter where user_id is not null) as commenter
      ), candidates as (
        select task_id, user_id from implicit
        union select task_id, user_id from task_watchers where task_id in (${uuidList(taskIds)})
      )
      select c.task_id, c.user_id from candidates c left join task_watchers tw on tw.task_id = c.task_id and tw.user_id = c.user_id
      where coalesce(tw.watching, exists (select 1 from implicit i where i.task_id = c.task_id and i.user_id = c.user_id))`),
  );
  for (const row of rows) watchers.get(row.task_id)?.push(row.user_id);
  return watchers;
}

/** Who watches the task (findWatchersOfTasks for one). */
export async function findWatchers(tx: Tx, taskId: string): Promise<string[]> {
  return (await findWatchersOfTasks(tx, [taskId])).get(taskId) ?? [];
}

export type HistoryEntry = { action: string; details: Record<string, unknown> | null };

/**
 * The history a task write recorded: written by the same statement as its event, so at the same
 * instant (compared in the database: microseconds, which a JavaScript Date would lose).
 */
export async function findHistoryOfEvent(tx: Tx, event: EventRow): Promise<HistoryEntry[]> {
  const rows = rowsOf<HistoryEntry>(
    await tx.execute(sql`
      select action, details from task_history
      where task_id = ${event.taskId} and created_at = (select created_at from events where id = ${event.id})
        and user_id is not distinct from ${event.actorId}::uuid`),
  );
  return rows;
}

/**
 * Each task's first change of assignee after it was created, if any: its `from` is who the task
 * was created for (a round may run after later saves have changed the assignee).
 */
export async function findFirstAssigneeChanges(tx: Tx, taskIds: string[]): Promise<Map<string, HistoryEntry>> {
  if (taskIds.length === 0) return new Map();
  const rows = rowsOf<HistoryEntry & { task_id: string }>(
    await tx.execute(sql`
      select distinct on (task_id) task_id, action, details from task_history
      where task_id in (${uuidList(taskIds)}) and action = 'ASSIGNEE_CHANGED'
      order by task_id, created_at, id`),
  );
  return new Map(rows.map(({ task_id: taskId, action, details }) => [taskId, { action, details }]));
}

export type CommentRow = { id: string; comment: string; userId: string; taskId: string };

/** These comments, by id. */
export async function findComments(tx: Tx, commentIds: string[]): Promise<Map<string, CommentRow>> {
  if (commentIds.length === 0) return new Map();
  const rows = rowsOf<CommentRow>(
    await tx.execute(sql`select id, comment, user_id as "userId", task_id as "taskId" from task_comments where id in (${uuidList(commentIds)})`),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Which of these people a notification already told of this item (its key, as kept in `items`). */
export async function findToldOf(tx: Tx, userIds: string[], key: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      select distinct user_id from ${notifications}
      where user_id in (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)}) and items @> ${JSON.stringify([{ key }])}::jsonb`),
  );
  return new Set(rows.map((row) => row.user_id));
}

/** The active users with these usernames (any case). */
export async function findUsersByUsername(tx: Tx, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from users where lower(username) in (${sql.join(usernames.map((name) => sql`${name}`), sql`, `)})
        and deleted_at is null and deactivated_at is null`),
  );
  return rows.map((row) => row.id);
}

export async function findUserName(tx: Tx, userId: string): Promise<string | undefined> {
  const rows = rowsOf<{ full_name: string }>(await tx.execute(sql`select full_name from users where id = ${userId}`));
  return rows[0]?.full_name;
}

export async function findMembership(tx: Tx, projectId: string, userId: string): Promise<{ projectName: string; role: string | null } | undefined> {
  const rows = rowsOf<{ name: string; role: string | null }>(
    await tx.execute(sql`
      select p.name, pm.role from projects p left join project_members pm on pm.project_id = p.id and pm.user_id = ${userId}
      where p.id = ${projectId}`),
  );
  return rows[0] && { projectName: rows[0].name, role: rows[0].role };
}

export type StoredItem = { key: string; kind: string; text: string; at: string; actorId: string | null };

/** Whose notification on which task a round looks for, and how recent it must be to collect more. */
export type CollapseLookup = { userId: string; taskId: string; since: Date };

/** The key of a person's notifications on a task, as findCollapseTargets answers them. */
export const collapseKey = (userId: string, taskId: string) => `${userId} ${taskId}`;

/** A notification new items collapse into: its id and the keys of the items it lists, newest first. */
export type CollapseTarget = { id: string; keys: string[] };

/**
 * For each person and task, the notification new items collapse into (their newest on the task,
 * at most as old as `since`), locked: one statement for a whole round. A reminder is never one
 * (decision 027): it keeps its own place in the inbox. Only the items' keys are read (what a
 * replayed event is recognised by): writing out and parsing each notification's whole list cost
 * more than the rest of the lookup (issue 15 §2).
 */
export async function findCollapseTargets(tx: Tx, lookups: CollapseLookup[]): Promise<Map<string, CollapseTarget>> {
  if (lookups.length === 0) return new Map();
  const rows = rowsOf<{ user_id: string; task_id: string; id: string; keys: string[] }>(
    await tx.execute(sql`
      select l.user_id, l.task_id, n.id, jsonb_path_query_array(n.items, '$[*].key') as keys
      from (values ${sql.join(
        lookups.map((lookup) => sql`(${lookup.userId}::uuid, ${lookup.taskId}::uuid, ${lookup.since.toISOString()}::timestamptz)`),
        sql`, `,
      )}) as l(user_id, task_id, since)
      cross join lateral (
        select id, items from ${notifications}
        where user_id = l.user_id and task_id = l.task_id and updated_at >= l.since
          and kind not in ('DUE_SOON', 'OVERDUE')
        order by updated_at desc limit 1 for update) n`),
  );
  return new Map(rows.map((row) => [collapseKey(row.user_id, row.task_id), { id: row.id, keys: row.keys }]));
}

/**
 * New notifications and their live events, in one statement. Each lists its items newest first
 * (at most MAX_ITEMS); it takes the newest's kind, actor and time, and was made at the oldest's.
 */
export async function insertNotifications(tx: Tx, rows: Array<{ target: NotificationTarget; items: StoredItem[] }>): Promise<number[]> {
  if (rows.length === 0) return [];
  const values = rows.map(({ target, items }) => ({
    user_id: target.userId,
    kind: items[0]!.kind,
    actor_id: items[0]!.actorId,
    project_id: target.projectId,
    feature_id: target.featureId,
    task_id: target.taskId,
    created_at: items.at(-1)!.at,
    updated_at: items[0]!.at,
    items: items.slice(0, MAX_ITEMS),
  }));
  return eventIdsOf(await tx.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as x(user_id uuid, kind text, actor_id uuid, project_id uuid, feature_id uuid, task_id uuid, created_at timestamptz, updated_at timestamptz, items jsonb)),
    inserted as (
      insert into notifications (user_id, kind, actor_id, project_id, feature_id, task_id, items, created_at, updated_at)
      select user_id, kind, actor_id, project_id, feature_id, task_id, items, created_at, updated_at from x
      returning id, user_id, actor_id)
    insert into events (type, entity_id, owner_id, actor_id, created_at)
    select 'notification.created', id, user_id, actor_id, statement_timestamp() from inserted
    returning id`));
}

/**
 * Adds items (newest first) to each of these notifications, in one statement: each takes the
 * newest's kind and actor, is unread again, at the top (its newest event), announced again, stored
 * now (the email worker's quiet starts again), and lists at most its newest MAX_ITEMS.
 * `listed`: how many items the notification lists now (its keys, read under the round's lock).
 * A full list drops its oldest by removing the last element when one goes (the common case of a
 * busy task), which costs a third of slicing the joined list with a JSON path.
 */
export async function collapseIntoMany(tx: Tx, rows: Array<{ notificationId: string; items: StoredItem[]; listed: number }>): Promise<number[]> {
  if (rows.length === 0) return [];
  const values = rows.map(({ notificationId, items, listed }) => {
    const added = items.slice(0, MAX_ITEMS);
    return { id: notificationId, items: added, dropped: Math.max(0, listed + added.length - MAX_ITEMS) };
  });
  return eventIdsOf(await tx.execute(sql`
    with x as (select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(id uuid, items jsonb, dropped int)),
    updated as (
      update notifications n set items = case x.dropped
          when 0 then x.items || n.items
          when 1 then x.items || (n.items - -1)
          else jsonb_path_query_array(x.items || n.items, ${`$[0 to ${MAX_ITEMS - 1}]`}::jsonpath) end,
        kind = x.items->0->>'kind', actor_id = (x.items->0->>'actorId')::uuid, read_at = null, emailed_at = null,
        updated_at = greatest(n.updated_at, (x.items->0->>'at')::timestamptz), stored_at = statement_timestamp()
      from x where n.id = x.id
      returning n.id, n.user_id, n.actor_id)
    insert into events (type, entity_id, owner_id, actor_id, created_at)
    select 'notification.created', id, user_id, actor_id, statement_timestamp() from updated
    returning id`));
}

/** The ids of the live events a statement wrote (the notifier passes its own events: decision 043). */
const eventIdsOf = (result: unknown) => rowsOf<{ id: string | number }>(result).map((row) => Number(row.id));

type NotificationTarget = { userId: string; projectId: string | null; featureId: string | null; taskId: string | null };

/** The most events one notification lists (a busy task keeps collapsing into it): the newest. */
export const MAX_ITEMS = 20;
