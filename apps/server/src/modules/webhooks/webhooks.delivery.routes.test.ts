import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAttachment, buildComment, buildFeature, buildProject, buildSignedInUser, buildTask, type SignedInUser } from '../../../test/factories.js';
import { notificationsOf } from '../../../test/notifications.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { isSignedBy, startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';

/**
 * Deliveries end to end (issue 20): a receiver of the test's own on loopback (so
 * WEBHOOK_ALLOW_PRIVATE is on here) checks each signature the documented way. The backoff and
 * the windows are shortened: retries 100 ms apart and doubling, a webhook paused after failing
 * for a second, a delivery given up on after three.
 */
let server: TestServer;
const receivers: WebhookReceiver[] = [];
beforeAll(async () => {
  server = await startTestServer(
    { webhooks: { allowPrivate: true } },
    { webhookSender: { pollMs: 100, retryBaseMs: 100, maxRetryMs: 400, pauseAfterMs: 1_000, retryWindowMs: 3_000 } },
  );
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await server?.close();
});

async function receiver(status?: (received: number) => number) {
  const started = await startWebhookReceiver({ status });
  receivers.push(started);
  return started;
}

/** A project led by `lead`, its feature, and a webhook of it to `url` hearing `events`. */
async function hooked(url: string, events: string[]) {
  const lead = await buildSignedInUser(server, { fullName: 'Lead Person' });
  const project = await buildProject(server, lead.cookie, { name: 'Website' });
  const feature = await buildFeature(server, lead.cookie, project._id, { title: 'Sign-in' });
  const created = await server.request('POST', `/api/v1/projects/${project._id}/webhooks`, { cookie: lead.cookie, body: { url, events } });
  expect(created.status, created.text).toBe(201);
  const webhook = created.body.data as { _id: string; secret: string };
  return { lead, project, feature, webhook, path: `/api/v1/projects/${project._id}/webhooks/${webhook._id}` };
}

async function deliveriesOf(lead: SignedInUser, path: string) {
  const response = await server.request('GET', `${path}/deliveries`, { cookie: lead.cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Array<Record<string, any>>;
}

async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('deliveries', () => {
  it('POSTs a signed task.created with the task as GET /tasks/{id} answers it, and the documented headers', async () => {
    const hooks = await receiver();
    const { lead, project, feature, webhook, path } = await hooked(hooks.url, ['task.created', 'task.updated']);
    const task = await buildTask(server, lead.cookie, feature._id, { title: 'Write the copy' });

    const delivery = await hooks.waitFor((received) => received.body?.event === 'task.created');
    expect(isSignedBy(webhook.secret, delivery)).toBe(true);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['user-agent']).toMatch(/^Tasklane-Webhooks\//);
    expect(delivery.headers['x-tasklane-event']).toBe('task.created');
    expect(delivery.headers['x-tasklane-delivery']).toBe(delivery.body.deliveryId);
    expect(Object.keys(delivery.body)).toEqual(['event', 'deliveryId', 'occurredAt', 'actor', 'project', 'data']);
    const asRead = (await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: lead.cookie })).body.data;
    const { abilities: _abilities, ...withoutAbilities } = asRead;
    expect(delivery.body).toMatchObject({
      event: 'task.created',
      occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      actor: { _id: lead.user.id, fullName: 'Lead Person', username: lead.user.username },
      project: { _id: project._id, name: 'Website', key: project.key },
      data: withoutAbilities,
    });
    expect(delivery.body.data).not.toHaveProperty('abilities');

    // Listed as delivered, with the receiver's answer and how long it took.
    const listed = await eventually(async () => (await deliveriesOf(lead, path)).find((row) => row.status === 'SUCCEEDED'), 'listed as delivered');
    expect(listed).toMatchObject({ _id: delivery.body.deliveryId, event: 'task.created', attempts: 1, responseCode: 200, error: null, durationMs: expect.any(Number) });

    // A rotated secret signs what comes next; the old one no longer does.
    const rotated = await server.request('POST', `${path}/rotate-secret`, { cookie: lead.cookie });
    await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: lead.cookie, body: { title: 'Write the new copy' } });
    const updated = await hooks.waitFor((received) => received.body?.event === 'task.updated');
    expect(updated.body.data).toMatchObject({ _id: task._id, title: 'Write the new copy' });
    expect(isSignedBy(rotated.body.data.secret, updated)).toBe(true);
    expect(isSignedBy(webhook.secret, updated)).toBe(false);
  });

  it('sends only the events a webhook hears; a deletion names what was deleted', async () => {
    const hooks = await receiver();
    const { lead, project, feature } = await hooked(hooks.url, ['task.deleted', 'comment.created', 'attachment.added', 'feature.deleted', 'member.added', 'member.removed']);
    const task = await buildTask(server, lead.cookie, feature._id);
    const comment = await buildComment(server, lead.cookie, task._id, 'Looks good');
    const commented = await hooks.waitFor((received) => received.body?.event === 'comment.created');
    expect(commented.body.data).toMatchObject({ _id: comment._id, comment: 'Looks good' });
    const attachment = await buildAttachment(server, lead.cookie, task._id, { name: 'notes.txt' });
    const attached = await hooks.waitFor((received) => received.body?.event === 'attachment.added');
    // An upload may add several files: the task's attachments, as its list answers them.
    expect(attached.body.data).toEqual({ taskId: task._id, attachments: [expect.objectContaining({ _id: attachment._id, name: 'notes.txt' })] });

    expect((await server.request('DELETE', `/api/v1/tasks/${task._id}`, { cookie: lead.cookie })).status).toBe(200);
    const deleted = await hooks.waitFor((received) => received.body?.event === 'task.deleted');
    expect(deleted.body.data).toMatchObject({ _id: task._id, deleted: true, featureId: feature._id });

    const teammate = await buildSignedInUser(server);
    await server.request('POST', `/api/v1/projects/${project._id}/members`, { cookie: lead.cookie, body: { userId: teammate.user.id, role: 'MEMBER' } });
    const joined = await hooks.waitFor((received) => received.body?.event === 'member.added');
    expect(joined.body.data).toMatchObject({ role: 'MEMBER', userId: { _id: teammate.user.id } });
    await server.request('DELETE', `/api/v1/projects/${project._id}/members/${teammate.user.id}`, { cookie: lead.cookie });
    const left = await hooks.waitFor((received) => received.body?.event === 'member.removed');
    expect(left.body.data).toEqual({ _id: joined.body.data._id, userId: teammate.user.id, projectId: project._id, deleted: true });
    // Heard events only: no task.created, no task.updated.
    expect(hooks.received.map((received) => received.body.event).sort()).toEqual(['attachment.added', 'comment.created', 'member.added', 'member.removed', 'task.deleted']);
  });

  it('retries a failing receiver with backoff until it answers 2xx, each time with the same delivery', async () => {
    const hooks = await receiver((received) => (received < 2 ? 503 : 204));
    const { lead, project, feature, webhook, path } = await hooked(hooks.url, ['task.created']);
    await buildTask(server, lead.cookie, feature._id);
    const third = await hooks.waitFor(() => hooks.received.length >= 3);
    const attempts = hooks.received.slice(0, 3);
    expect(new Set(attempts.map((received) => received.body.deliveryId)).size).toBe(1);
    expect(new Set(attempts.map((received) => received.raw)).size).toBe(1);
    expect(attempts.every((received) => isSignedBy(webhook.secret, received))).toBe(true);
    const listed = await eventually(async () => (await deliveriesOf(lead, path)).find((row) => row.status === 'SUCCEEDED'), 'delivered at last');
    expect(listed).toMatchObject({ _id: third.body.deliveryId, attempts: 3, responseCode: 204, error: null });
    const hook = (await server.request('GET', `/api/v1/projects/${project._id}/webhooks`, { cookie: lead.cookie })).body.data[0];
    expect(hook).toMatchObject({ active: true, failingSince: null });
  });

  it('a webhook failing for longer than the pause window is paused and its admins told; a delivery failing past the retry window is given up on', async () => {
    const hooks = await receiver(() => 500);
    const { lead, project, feature, path } = await hooked(hooks.url, ['task.created']);
    const admin = await buildSignedInUser(server);
    await server.request('POST', `/api/v1/projects/${project._id}/members`, { cookie: lead.cookie, body: { userId: admin.user.id, role: 'ADMIN' } });
    await buildTask(server, lead.cookie, feature._id);
    const paused = await eventually(async () => {
      const hook = (await server.request('GET', `/api/v1/projects/${project._id}/webhooks`, { cookie: lead.cookie })).body.data[0];
      return hook.active ? undefined : hook;
    }, 'paused');
    expect(paused).toMatchObject({ active: false, pausedReason: 'FAILING', failingSince: expect.any(String) });
    for (const who of [lead, admin]) {
      const told = (await notificationsOf(server, who.cookie, '?kind=WEBHOOK_PAUSED'))[0];
      expect(told).toMatchObject({ kind: 'WEBHOOK_PAUSED', project: { _id: project._id }, text: expect.stringContaining(`The webhook to ${hooks.url} in Website was paused`) });
    }
    const [delivery] = await deliveriesOf(lead, path);
    expect(delivery).toMatchObject({ status: 'PENDING', responseCode: 500, error: 'The receiver answered 500' });
    expect(delivery!.attempts).toBeGreaterThanOrEqual(2);

    // A redelivery asked by hand goes even while paused; failing past the retry window, it is given up on.
    const again = await server.request('POST', `${path}/deliveries/${delivery!._id}/redeliver`, { cookie: lead.cookie });
    const givenUp = await eventually(async () => (await deliveriesOf(lead, path)).find((row) => row._id === again.body.data._id && row.status === 'FAILED'), 'given up');
    expect(givenUp).toMatchObject({ responseCode: 500, nextAttemptAt: null });
    expect(givenUp.attempts).toBeGreaterThanOrEqual(3);

    // Resumed (the receiver works again): what waited goes, and the streak is forgotten.
    const healthy = await receiver();
    await server.request('PUT', path, { cookie: lead.cookie, body: { url: healthy.url, active: true } });
    const resumed = await server.request('GET', `/api/v1/projects/${project._id}/webhooks`, { cookie: lead.cookie });
    expect(resumed.body.data[0]).toMatchObject({ active: true, pausedReason: null, failingSince: null });
    const waited = await healthy.waitFor((received) => received.body?.deliveryId === delivery!._id);
    expect(waited.body.event).toBe('task.created');
  });

  it('sends a test ping, and redelivers a delivery with the same payload under a new delivery id', async () => {
    const hooks = await receiver();
    const { lead, feature, webhook, path } = await hooked(hooks.url, ['feature.updated']);
    const queued = await server.request('POST', `${path}/test`, { cookie: lead.cookie });
    expect(queued.status).toBe(202);
    const ping = await hooks.waitFor((received) => received.body?.event === 'ping');
    expect(ping.body).toMatchObject({ deliveryId: queued.body.data._id, data: { webhook: { _id: webhook._id, url: hooks.url, events: ['feature.updated'] } } });
    expect(isSignedBy(webhook.secret, ping)).toBe(true);

    await server.request('PUT', `/api/v1/features/${feature._id}`, { cookie: lead.cookie, body: { title: 'Sign-up' } });
    const original = await hooks.waitFor((received) => received.body?.event === 'feature.updated');
    expect(original.body.data).toMatchObject({ _id: feature._id, title: 'Sign-up' });
    await eventually(async () => (await deliveriesOf(lead, path)).find((row) => row._id === original.body.deliveryId && row.status === 'SUCCEEDED'), 'recorded');
    // The feature changes again meanwhile: a redelivery still sends what was sent.
    await server.request('PUT', `/api/v1/features/${feature._id}`, { cookie: lead.cookie, body: { title: 'Later' } });
    const again = await server.request('POST', `${path}/deliveries/${original.body.deliveryId}/redeliver`, { cookie: lead.cookie });
    expect(again.status, again.text).toBe(202);
    expect(again.body.data).toMatchObject({ redeliveryOf: original.body.deliveryId, event: 'feature.updated', status: 'PENDING' });
    const redelivered = await hooks.waitFor((received) => received.body?.deliveryId === again.body.data._id);
    expect(redelivered.headers['x-tasklane-delivery']).toBe(again.body.data._id);
    expect({ ...redelivered.body, deliveryId: undefined }).toEqual({ ...original.body, deliveryId: undefined });
    expect(isSignedBy(webhook.secret, redelivered)).toBe(true);
  });

  it("keeps a webhook's newest 100 deliveries", async () => {
    const hooks = await receiver();
    const { lead, path } = await hooked(hooks.url, ['task.created']);
    for (let sent = 0; sent < 105; sent++) expect((await server.request('POST', `${path}/test`, { cookie: lead.cookie })).status).toBe(202);
    await hooks.waitFor(() => hooks.received.length >= 105);
    const kept = await eventually(async () => {
      const rows = await deliveriesOf(lead, path);
      return rows.length === 100 && rows.every((row) => row.status === 'SUCCEEDED') ? rows : undefined;
    }, 'pruned to 100');
    const newestFirst = hooks.received.map((received) => received.body.deliveryId as string).reverse();
    expect(new Set(kept.map((row) => row._id))).toEqual(new Set(newestFirst.slice(0, 100)));
  });

  it('sends nothing while paused by hand, and nothing after the webhook is deleted', async () => {
    const hooks = await receiver();
    const { lead, feature, path } = await hooked(hooks.url, ['task.created', 'feature.deleted']);
    await server.request('PUT', path, { cookie: lead.cookie, body: { active: false } });
    await buildTask(server, lead.cookie, feature._id, { title: 'Made while paused' });
    expect(await deliveriesOf(lead, path)).toEqual([]);
    await server.request('PUT', path, { cookie: lead.cookie, body: { active: true } });
    expect((await server.request('DELETE', `/api/v1/features/${feature._id}`, { cookie: lead.cookie })).status).toBe(200);
    const gone = await hooks.waitFor((received) => received.body?.event === 'feature.deleted');
    expect(gone.body.data).toMatchObject({ _id: feature._id, deleted: true });
    expect(hooks.received.map((received) => received.body.event)).toEqual(['feature.deleted']);
  });
});
