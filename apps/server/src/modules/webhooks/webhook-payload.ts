import { createHmac } from 'node:crypto';
import { WEBHOOK_PING_EVENT } from '@tasklane/contract';
import { AppError } from '../../http/errors.js';
import { listTaskAttachments } from '../attachments/attachments.service.js';
import { presentComment } from '../comments/comments.presenter.js';
import type { ServiceContext } from '../context.js';
import { getFeature } from '../features/features.service.js';
import { listMembers } from '../projects/projects.service.js';
import { getTask } from '../tasks/tasks.service.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import * as repo from './webhooks.repo.js';

/**
 * A delivery's body, but for its id: `{ event, occurredAt, actor, project, data }`. It is made
 * at the first attempt and kept, so retries and redeliveries send the same content (each with
 * its own deliveryId). `data` is the resource as the API answers it at that moment (a task as
 * GET /tasks/{id} does), read as the workspace owner (who sees every project of the workspace)
 * and without the reader's `abilities`; for a deletion, or a resource gone by then, what
 * identifies it.
 */
export type StoredPayload = {
  event: string;
  occurredAt: string;
  actor: repo.PayloadContext['actor'];
  project: repo.PayloadContext['project'];
  data: unknown;
};

/** The exact bytes POSTed: the stored payload with this delivery's id, in the documented order. */
export function deliveryBody(deliveryId: string, stored: string): string {
  const payload = JSON.parse(stored) as StoredPayload;
  return JSON.stringify({ event: payload.event, deliveryId, occurredAt: payload.occurredAt, actor: payload.actor, project: payload.project, data: payload.data });
}

/** `sha256=<hex HMAC-SHA256 of the raw body with the webhook's secret>`: the X-Tasklane-Signature-256 header. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

const withoutAbilities = <T extends object>(value: T) => {
  const { abilities: _abilities, ...rest } = value as T & { abilities?: unknown };
  return rest;
};

/** The resource a delivery is about, or null when it is gone (then the caller names it by its ids). */
async function readResource(ctx: ServiceContext, reader: UserRow, delivery: repo.ClaimedDelivery): Promise<unknown> {
  const entityId = delivery.entityId ?? '';
  switch (delivery.event) {
    case 'task.created':
    case 'task.updated':
    case 'task.moved':
      return withoutAbilities(await getTask(ctx, reader, entityId));
    case 'feature.created':
    case 'feature.updated':
      return await getFeature(ctx, reader, entityId);
    case 'comment.created': {
      const row = await repo.findComment(ctx.db, entityId);
      return row ? presentComment(row) : null;
    }
    case 'member.added': {
      const members = await listMembers(ctx, reader, delivery.projectId);
      return members.find((member) => member._id === entityId || member.userId._id === delivery.subjectId) ?? null;
    }
    case 'attachment.added':
      // One event per upload, which may carry several files: the task's attachments as
      // GET /tasks/{id}/attachments answers them.
      if (!delivery.taskId) return null;
      return { taskId: delivery.taskId, attachments: await listTaskAttachments(ctx, reader, delivery.taskId) };
    default:
      return null;
  }
}

/** What names a resource that is gone (a deletion, or one deleted before its delivery was made). */
function identityOf(delivery: repo.ClaimedDelivery) {
  const ids: Record<string, string> = { _id: delivery.entityId ?? '' };
  if (delivery.event.startsWith('member.') && delivery.subjectId) ids.userId = delivery.subjectId;
  if (delivery.featureId && !delivery.event.startsWith('feature.')) ids.featureId = delivery.featureId;
  if (delivery.taskId && !delivery.event.startsWith('task.')) ids.taskId = delivery.taskId;
  ids.projectId = delivery.projectId;
  return { ...ids, deleted: true };
}

/**
 * Makes a delivery's stored payload; undefined when its project is gone (the delivery is then
 * moot: a deleted project deletes its webhooks and their deliveries too).
 */
export async function buildPayload(ctx: ServiceContext, delivery: repo.ClaimedDelivery): Promise<string | undefined> {
  const context = await repo.findPayloadContext(ctx.db, delivery.projectId, delivery.actorId);
  if (!context) return undefined;
  let data: unknown;
  if (delivery.event === WEBHOOK_PING_EVENT) {
    data = { webhook: { _id: delivery.webhookId, url: delivery.url, events: delivery.events }, message: 'A test delivery: nothing changed' };
  } else {
    const reader = await findUserById(ctx.db, context.ownerId);
    let resource: unknown = null;
    if (reader) {
      try {
        resource = await readResource(ctx, reader, delivery);
      } catch (error) {
        // Deleted since the event (the read answers 404): named by its ids instead.
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
      }
    }
    data = resource ?? identityOf(delivery);
  }
  const payload: StoredPayload = { event: delivery.event, occurredAt: delivery.occurredAt.toISOString(), actor: context.actor, project: context.project, data };
  return JSON.stringify(payload);
}
