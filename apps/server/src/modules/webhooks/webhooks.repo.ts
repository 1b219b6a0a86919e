import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@tasklane/contract';
import { WEBHOOK_DELIVERIES_KEPT } from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import { taskComments, users, webhookDeliveries, webhooks } from '../../db/schema.js';
import type { CommentRow } from '../comments/comments.repo.js';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

export const webhookColumns = {
  id: webhooks.id,
  projectId: webhooks.projectId,
  url: webhooks.url,
  events: webhooks.events,
  active: webhooks.active,
  pausedReason: webhooks.pausedReason,
  failingSince: webhooks.failingSince,
  createdAt: webhooks.createdAt,
  updatedAt: webhooks.updatedAt,
};

export type WebhookRow = {
  id: string;
  projectId: string;
  url: string;
  events: string[];
  active: boolean;
  pausedReason: 'FAILING' | null;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const deliveryColumns = {
  id: webhookDeliveries.id,
  webhookId: webhookDeliveries.webhookId,
  event: webhookDeliveries.event,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseCode: webhookDeliveries.responseCode,
  durationMs: webhookDeliveries.durationMs,
  lastError: webhookDeliveries.lastError,
  redeliveryOf: webhookDeliveries.redeliveryOf,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
};

export type DeliveryRow = {
  id: string;
  webhookId: string;
  event: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  attempts: number;
  responseCode: number | null;
  durationMs: number | null;
  lastError: string | null;
  redeliveryOf: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date;
};

export async function listWebhooks(db: Db, projectId: string): Promise<WebhookRow[]> {
  return db.select(webhookColumns).from(webhooks).where(eq(webhooks.projectId, projectId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function insertWebhook(
  db: Db,
  values: { projectId: string; url: string; events: WebhookEventType[]; active: boolean; sealedSecret: string; createdBy: string },
): Promise<WebhookRow> {
  const [row] = await db
    .insert(webhooks)
    .values({ projectId: values.projectId, url: values.url, events: values.events, active: values.active, secret: values.sealedSecret, createdBy: values.createdBy })
    .returning(webhookColumns);
  return row!;
}

/**
 * Changes a webhook of the project; undefined when it has none by that id. Resuming (active
 * true) forgets a failing streak and why it was paused; pausing by hand records no reason.
 */
export async function updateWebhook(
  db: Db,
  projectId: string,
  webhookId: string,
  changes: { url?: string; events?: WebhookEventType[]; active?: boolean },
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({
      ...(changes.url === undefined ? {} : { url: changes.url }),
      ...(changes.events === undefined ? {} : { events: changes.events }),
      ...(changes.active === undefined
        ? {}
        : changes.active
          ? { active: true, pausedReason: null, failingSince: sql`case when ${webhooks.active} then ${webhooks.failingSince} else null end` }
          : { active: false, pausedReason: null }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.projectId, projectId)))
    .returning(webhookColumns);
  return row;
}

export async function deleteWebhook(db: Db, projectId: string, webhookId: string): Promise<boolean> {
  const rows = await db.delete(webhooks).where(and(eq(webhooks.id, webhookId), eq(webhooks.projectId, projectId))).returning({ id: webhooks.id });
  return rows.length > 0;
}

export async function replaceSecret(db: Db, projectId: string, webhookId: string, sealedSecret: string): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ secret: sealedSecret, updatedAt: sql`now()` })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.projectId, projectId)))
    .returning(webhookColumns);
  return row;
}

/** A ping for a webhook of the project, due now (its payload is made when sent); undefined when there is no such webhook. */
export async function insertPing(db: Db, projectId: string, webhookId: string, actorId: string): Promise<DeliveryRow | undefined> {
  return queued(db, (tx) =>
    tx.execute(sql`
      insert into webhook_deliveries (webhook_id, event, project_id, actor_id)
      select id, 'ping', project_id, ${actorId}::uuid from webhooks where id = ${webhookId} and project_id = ${projectId}
      returning id`),
  );
}

/**
 * The delivery `insert` queues, as queued: read back in the insert's own transaction, so that the
 * sender (on a connection of its own, or another instance) cannot have claimed it in between,
 * which would answer a delivery already attempted.
 */
function queued(db: Db, insert: (tx: Db) => Promise<unknown>): Promise<DeliveryRow | undefined> {
  return db.transaction(async (tx) => {
    const id = rowsOf<{ id: string }>(await insert(tx as unknown as Db))[0]?.id;
    if (!id) return undefined;
    const [row] = await tx.select(deliveryColumns).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row as DeliveryRow;
  });
}

/**
 * A new delivery sending `deliveryId`'s event again (its payload as kept, under a new delivery
 * id), due now; undefined when the webhook (of the project) has no such delivery.
 */
export async function insertRedelivery(db: Db, projectId: string, webhookId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
  return queued(db, (tx) =>
    tx.execute(sql`
      insert into webhook_deliveries (webhook_id, event, event_id, entity_id, project_id, feature_id, task_id, subject_id, actor_id, occurred_at, payload, redelivery_of)
      select d.webhook_id, d.event, d.event_id, d.entity_id, d.project_id, d.feature_id, d.task_id, d.subject_id, d.actor_id, d.occurred_at, d.payload, d.id
      from webhook_deliveries d join webhooks w on w.id = d.webhook_id
      where d.id = ${deliveryId} and d.webhook_id = ${webhookId} and w.project_id = ${projectId}
      returning id`),
  );
}

/** The webhook's newest deliveries, if the project has that webhook (undefined otherwise). */
export async function listDeliveries(db: Db, projectId: string, webhookId: string): Promise<DeliveryRow[] | undefined> {
  const rows = await db
    .select({ ...deliveryColumns, isWebhook: sql<boolean>`true` })
    .from(webhooks)
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.webhookId, webhooks.id))
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.projectId, projectId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_KEPT);
  if (rows.length === 0) return undefined;
  return rows.filter((row) => row.id !== null).map(({ isWebhook: _isWebhook, ...row }) => row as DeliveryRow);
}

/** A claimed delivery, with what sending it needs. */
export type ClaimedDelivery = {
  id: string;
  webhookId: string;
  event: string;
  attempts: number;
  eventId: number | null;
  entityId: string | null;
  projectId: string;
  featureId: string | null;
  taskId: string | null;
  subjectId: string | null;
  actorId: string | null;
  occurredAt: Date;
  payload: string | null;
  createdAt: Date;
  url: string;
  events: string[];
  sealedSecret: string;
};

/** Whether any webhook is active (a sender with none to serve need not look at the outbox on every event). */
export async function hasActiveWebhooks(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.active, true)).limit(1);
  return row !== undefined;
}

/**
 * Claims up to `limit` due deliveries in one statement (the email outbox's way): each attempt is
 * counted and its next attempt moved `leaseMs` ahead, so no other sender on any instance takes it
 * meanwhile; FOR UPDATE SKIP LOCKED lets senders claim at once without waiting or sharing a row.
 * A sender that dies mid-send leaves the row to be claimed again when its lease ends. A paused
 * webhook's deliveries wait (they go when it is resumed), save a ping or redelivery asked by hand.
 */
export async function claimDueDeliveries(db: Db, options: { limit: number; leaseMs: number }): Promise<ClaimedDelivery[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d join webhooks w on w.id = d.webhook_id
        where d.status = 'PENDING' and d.next_attempt_at <= now()
          and (w.active or d.event = 'ping' or d.redelivery_of is not null)
        order by d.next_attempt_at
        limit ${options.limit}
        for update of d skip locked)
      update webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${options.leaseMs / 1000})
      from due, webhooks w
      where d.id = due.id and w.id = d.webhook_id
      returning d.id, d.webhook_id, d.event, d.attempts, d.event_id, d.entity_id, d.project_id, d.feature_id, d.task_id, d.subject_id,
        d.actor_id, d.occurred_at, d.payload, d.created_at, w.url, w.events, w.secret`),
  );
  return rows.map((row) => ({
    id: String(row.id),
    webhookId: String(row.webhook_id),
    event: String(row.event),
    attempts: Number(row.attempts),
    eventId: row.event_id === null ? null : Number(row.event_id),
    entityId: (row.entity_id as string | null) ?? null,
    projectId: String(row.project_id),
    featureId: (row.feature_id as string | null) ?? null,
    taskId: (row.task_id as string | null) ?? null,
    subjectId: (row.subject_id as string | null) ?? null,
    actorId: (row.actor_id as string | null) ?? null,
    occurredAt: new Date(row.occurred_at as string),
    payload: (row.payload as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    url: String(row.url),
    events: row.events as string[],
    sealedSecret: String(row.secret),
  }));
}

/** An attempt's outcome: delivered, to retry after `retryInMs`, or given up on. */
export type AttemptRecord = {
  payload: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  status: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  retryInMs: number;
};

/**
 * Records an attempt and the webhook's streak: a success ends a failing streak, a failure starts
 * one (or keeps it). The webhook's row is locked first, as deleting the webhook locks it before
 * its deliveries (the foreign key's cascade): locking the delivery first let a delete made while
 * an attempt was recorded deadlock with it, and the delete answered 500.
 */
export async function recordAttempt(db: Db, delivery: { id: string; webhookId: string }, record: AttemptRecord) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from webhooks where id = ${delivery.webhookId} for no key update`);
    await tx.execute(sql`
      with attempt as (
        update webhook_deliveries set
          payload = coalesce(payload, ${record.payload}), status = ${record.status}, response_code = ${record.statusCode},
          duration_ms = ${record.durationMs}, last_error = ${record.error}, last_attempt_at = now(),
          next_attempt_at = case when ${record.status} = 'PENDING' then now() + make_interval(secs => ${record.retryInMs / 1000}) else now() end
        where id = ${delivery.id}
        returning id)
      update webhooks set failing_since = ${
        record.status === 'SUCCEEDED' ? sql`null` : sql`coalesce(failing_since, now())`
      }
      where id = ${delivery.webhookId} and exists (select 1 from attempt)`);
  });
}

/**
 * Pauses the webhook when it has failed for `pauseAfterMs` without a success, and tells the
 * project's ADMINs (and the workspace owner) in the app, with the notification's live event,
 * in one statement: only the round that paused it tells them (the update finds it active once).
 */
export async function pauseIfFailing(db: Db, webhookId: string, pauseAfterMs: number): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with paused as (
        update webhooks set active = false, paused_reason = 'FAILING', updated_at = now()
        where id = ${webhookId} and active and failing_since <= now() - make_interval(secs => ${pauseAfterMs / 1000})
        returning id, project_id, url, failing_since),
      admins as (
        select distinct p.id as project_id, p.name, u.user_id, paused.id as webhook_id, paused.url, paused.failing_since
        from paused join projects p on p.id = paused.project_id
        join workspaces ws on ws.id = p.workspace_id
        cross join lateral (
          select pm.user_id from project_members pm where pm.project_id = p.id and pm.role = 'ADMIN'
          union select ws.owner_id) u),
      inserted as (
        insert into notifications (user_id, kind, project_id, items)
        select user_id, 'WEBHOOK_PAUSED', project_id, jsonb_build_array(jsonb_build_object(
          'key', 'webhook:' || webhook_id || ':paused:' || to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'kind', 'WEBHOOK_PAUSED',
          'text', 'The webhook to ' || url || ' in ' || name || ' was paused: its deliveries have failed since '
            || to_char(failing_since at time zone 'utc', 'YYYY-MM-DD HH24:MI "UTC"') || '. Resume it in the project''s webhooks once its receiver works.',
          'at', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'actorId', null))
        from admins
        returning id, user_id),
      announced as (
        insert into events (type, entity_id, owner_id, created_at)
        select 'notification.created', id, user_id, statement_timestamp() from inserted)
      select id from paused`),
  );
  return rows.length > 0;
}

/** Keeps each of these webhooks' newest WEBHOOK_DELIVERIES_KEPT deliveries (pending ones always stay). */
export async function pruneDeliveries(db: Db, webhookIds: string[]) {
  if (webhookIds.length === 0) return;
  await db.execute(sql`
    delete from webhook_deliveries where id in (
      select id from (
        select id, status, row_number() over (partition by webhook_id order by created_at desc, id desc) as place
        from webhook_deliveries where webhook_id in (${sql.join(
          webhookIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})) ranked
      where place > ${WEBHOOK_DELIVERIES_KEPT} and status <> 'PENDING')`);
}

/** What every payload names: the project, the workspace owner (who reads the resource), and the actor. */
export type PayloadContext = {
  project: { _id: string; name: string; key: string };
  ownerId: string;
  actor: { _id: string; fullName: string; username: string } | null;
};

export async function findPayloadContext(db: Db, projectId: string, actorId: string | null): Promise<PayloadContext | undefined> {
  const rows = rowsOf<{ id: string; name: string; key: string; owner_id: string; actor: PayloadContext['actor'] }>(
    await db.execute(sql`
      select p.id, p.name, p.key, ws.owner_id,
        (select json_build_object('_id', u.id, 'fullName', u.full_name, 'username', u.username) from users u where u.id = ${actorId}::uuid) as actor
      from projects p join workspaces ws on ws.id = p.workspace_id where p.id = ${projectId}`),
  );
  const row = rows[0];
  return row && { project: { _id: row.id, name: row.name, key: row.key }, ownerId: row.owner_id, actor: row.actor ?? null };
}

/** A comment with its author, as the comments list reads it. */
export async function findComment(db: Db, commentId: string): Promise<CommentRow | undefined> {
  const [row] = await db
    .select({
      id: taskComments.id,
      taskId: taskComments.taskId,
      comment: taskComments.comment,
      createdAt: taskComments.createdAt,
      editedAt: taskComments.editedAt,
      author: { id: users.id, fullName: users.fullName, email: users.email, avatar: users.avatar },
    })
    .from(taskComments)
    .innerJoin(users, eq(users.id, taskComments.userId))
    .where(eq(taskComments.id, commentId));
  return row;
}
