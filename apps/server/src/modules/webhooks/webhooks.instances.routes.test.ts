import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildFeature, buildProject, buildSignedInUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { isSignedBy, startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';

/**
 * Two app instances on one database, as behind a load balancer: both senders work the same
 * webhook outbox, and each delivery reaches the receiver once (claimed FOR UPDATE SKIP LOCKED
 * with a lease), whichever instance the change was made through.
 */
describe('webhook deliveries with two app instances on one database', () => {
  let first: TestServer;
  let second: TestServer;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    const settings = { webhookSender: { pollMs: 50, retryBaseMs: 60_000 } };
    first = await startTestServer({ webhooks: { allowPrivate: true } }, settings);
    second = await startTestServer({ webhooks: { allowPrivate: true } }, { ...settings, databaseUrl: first.databaseUrl });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await second?.close();
    await first?.close();
  });

  it('delivers each event once, made through either instance', async () => {
    const lead = await buildSignedInUser(first);
    const project = await buildProject(first, lead.cookie);
    const feature = await buildFeature(first, lead.cookie, project._id);
    const category = await buildCategory(first, lead.cookie, { type: 'TASK' });
    const created = await first.request('POST', `/api/v1/projects/${project._id}/webhooks`, {
      cookie: lead.cookie,
      body: { url: receiver.url, events: ['task.created'] },
    });
    const secret = created.body.data.secret as string;

    const titles = Array.from({ length: 12 }, (_, index) => `Task ${index + 1}`);
    const made = await Promise.all(
      titles.map((title, index) =>
        (index % 2 ? second : first).request('POST', '/api/v1/tasks', { cookie: lead.cookie, body: { title, featureId: feature._id, categoryId: category._id } }),
      ),
    );
    expect(made.map((response) => response.status)).toEqual(titles.map(() => 201));

    await receiver.waitFor(() => new Set(receiver.received.map((delivery) => delivery.body.data.title)).size === titles.length);
    // Every delivery recorded as made in one attempt: no instance sent one the other had claimed.
    const deadline = Date.now() + 20_000;
    let listed: Array<Record<string, any>> = [];
    while (Date.now() < deadline) {
      listed = (await second.request('GET', `/api/v1/projects/${project._id}/webhooks/${created.body.data._id}/deliveries`, { cookie: lead.cookie })).body.data;
      if (listed.length === titles.length && listed.every((row) => row.status === 'SUCCEEDED')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listed.map((row) => [row.status, row.attempts])).toEqual(titles.map(() => ['SUCCEEDED', 1]));
    const ids = receiver.received.map((delivery) => delivery.body.deliveryId as string);
    expect(ids.length).toBe(titles.length);
    expect(new Set(ids)).toEqual(new Set(listed.map((row) => row._id)));
    expect(receiver.received.every((delivery) => isSignedBy(secret, delivery))).toBe(true);
    expect(receiver.received.map((delivery) => delivery.body.data.title).sort()).toEqual([...titles].sort());
  });
});
