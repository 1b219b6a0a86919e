import type { CreateWebhookData, UpdateWebhookData, Webhook, WebhookDelivery, WebhookWithSecret } from '@tasklane/contract';
import { badRequest, notFound } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { requireProjectRole } from '../projects/project-access.js';
import { minimumRoleFor } from '../projects/projects.policy.js';
import type { UserRow } from '../users/users.repo.js';
import { policyOf } from './webhook-policy.js';
import { refusalOfUrl } from './webhook-address.js';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secrets.js';
import { presentDelivery, presentWebhook } from './webhooks.presenter.js';
import * as repo from './webhooks.repo.js';

const ADMINS_ONLY = 'Only project admins can manage webhooks';
const webhookNotFound = () => notFound('Webhook not found');

/** Project ADMINs only (the workspace owner is one); 404 for anyone who cannot see the project. */
async function requireWebhookAdmin(ctx: ServiceContext, user: UserRow, projectId: string) {
  await requireProjectRole(ctx, user, projectId, minimumRoleFor.canManageWebhooks, ADMINS_ONLY);
}

/**
 * A URL that names a private, loopback or link-local address outright, or this instance, is
 * refused when it is saved (400); a name is checked again on every delivery, after DNS.
 */
function requireReachableUrl(ctx: ServiceContext, url: string | undefined) {
  if (url === undefined) return;
  const refusal = refusalOfUrl(new URL(url), policyOf(ctx.config));
  if (refusal) {
    const message = `Webhooks cannot be sent there: ${refusal}`;
    throw badRequest(message, [{ field: 'url', message }]);
  }
}

export async function listWebhooks(ctx: ServiceContext, user: UserRow, projectId: string): Promise<Webhook[]> {
  await requireWebhookAdmin(ctx, user, projectId);
  return (await repo.listWebhooks(ctx.db, projectId)).map(presentWebhook);
}

export async function createWebhook(ctx: ServiceContext, user: Actor, projectId: string, data: CreateWebhookData): Promise<WebhookWithSecret> {
  await requireWebhookAdmin(ctx, user, projectId);
  requireReachableUrl(ctx, data.url);
  const secret = newWebhookSecret();
  const row = await repo.insertWebhook(ctx.db, {
    projectId,
    url: data.url,
    events: data.events,
    active: data.active ?? true,
    sealedSecret: await sealWebhookSecret(ctx.db, secret),
    createdBy: user.id,
  });
  // This instance's sender looks at the outbox on every event again (it stops while none is active).
  if (row.active) ctx.webhooks?.wake();
  return { ...presentWebhook(row), secret };
}

export async function updateWebhook(ctx: ServiceContext, user: Actor, projectId: string, webhookId: string, data: UpdateWebhookData): Promise<Webhook> {
  await requireWebhookAdmin(ctx, user, projectId);
  requireReachableUrl(ctx, data.url);
  const row = await repo.updateWebhook(ctx.db, projectId, webhookId, data);
  if (!row) throw webhookNotFound();
  // Resumed: what waited while it was paused goes now.
  if (data.active) ctx.webhooks?.wake();
  return presentWebhook(row);
}

export async function deleteWebhook(ctx: ServiceContext, user: Actor, projectId: string, webhookId: string): Promise<void> {
  await requireWebhookAdmin(ctx, user, projectId);
  if (!(await repo.deleteWebhook(ctx.db, projectId, webhookId))) throw webhookNotFound();
}

/** A new secret, answered this once; the old one signs nothing from now on. */
export async function rotateWebhookSecret(ctx: ServiceContext, user: Actor, projectId: string, webhookId: string): Promise<WebhookWithSecret> {
  await requireWebhookAdmin(ctx, user, projectId);
  const secret = newWebhookSecret();
  const row = await repo.replaceSecret(ctx.db, projectId, webhookId, await sealWebhookSecret(ctx.db, secret));
  if (!row) throw webhookNotFound();
  return { ...presentWebhook(row), secret };
}

export async function testWebhook(ctx: ServiceContext, user: Actor, projectId: string, webhookId: string): Promise<WebhookDelivery> {
  await requireWebhookAdmin(ctx, user, projectId);
  const row = await repo.insertPing(ctx.db, projectId, webhookId, user.id);
  if (!row) throw webhookNotFound();
  ctx.webhooks?.wake();
  return presentDelivery(row);
}

export async function listWebhookDeliveries(ctx: ServiceContext, user: UserRow, projectId: string, webhookId: string): Promise<WebhookDelivery[]> {
  await requireWebhookAdmin(ctx, user, projectId);
  const rows = await repo.listDeliveries(ctx.db, projectId, webhookId);
  if (!rows) throw webhookNotFound();
  return rows.map(presentDelivery);
}

export async function redeliverWebhookDelivery(ctx: ServiceContext, user: Actor, projectId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  await requireWebhookAdmin(ctx, user, projectId);
  const row = await repo.insertRedelivery(ctx.db, projectId, webhookId, deliveryId);
  if (!row) throw notFound('Delivery not found');
  ctx.webhooks?.wake();
  return presentDelivery(row);
}
