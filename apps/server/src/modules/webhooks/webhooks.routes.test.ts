import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMatrixFixture,
  buildProject,
  buildProjectCast,
  buildSignedInUser,
  cookieFor,
  statusesByKind,
  type ProjectCast,
} from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';

/**
 * The webhooks API (issue 20) as in production: WEBHOOK_ALLOW_PRIVATE off, so a URL naming a
 * private address is refused when saved and a name resolving to one is refused when sent.
 */
let server: TestServer;
let cast: ProjectCast;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer({}, { webhookSender: { pollMs: 100, retryBaseMs: 60_000 } });
  cast = await buildProjectCast(server);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const PUBLIC_URL = 'https://hooks.example.com/tasklane';
const webhooksPath = (projectId: string) => `/api/v1/projects/${projectId}/webhooks`;
const create = (cookie: string | undefined, projectId: string, body: unknown) => server.request('POST', webhooksPath(projectId), { cookie, body });

async function ownProject() {
  const lead = await buildSignedInUser(server);
  const project = await buildProject(server, lead.cookie);
  return { lead, project };
}

async function deliveriesOf(cookie: string, projectId: string, webhookId: string) {
  const response = await server.request('GET', `${webhooksPath(projectId)}/${webhookId}/deliveries`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Array<Record<string, any>>;
}

/** Polls the deliveries list until `matches` holds for one of them (the sender works in the background). */
async function waitForDelivery(cookie: string, projectId: string, webhookId: string, matches: (delivery: Record<string, any>) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await deliveriesOf(cookie, projectId, webhookId)).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('The delivery did not reach the expected state');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('managing webhooks', () => {
  it('adds, lists, changes, pauses, resumes, rotates and deletes a webhook', async () => {
    const { lead, project } = await ownProject();
    const created = await create(lead.cookie, project._id, { url: PUBLIC_URL, events: ['task.updated', 'task.created', 'task.created'] });
    expect(created.status, created.text).toBe(201);
    const webhook = created.body.data;
    expect(webhook).toMatchObject({
      projectId: project._id,
      url: PUBLIC_URL,
      // Each once, in the documented order.
      events: ['task.created', 'task.updated'],
      active: true,
      pausedReason: null,
      failingSince: null,
    });
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const listed = await server.request('GET', webhooksPath(project._id), { cookie: lead.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ _id: webhook._id, url: PUBLIC_URL })]);
    // The secret is shown once, never listed.
    expect(listed.text).not.toContain(webhook.secret);

    const path = `${webhooksPath(project._id)}/${webhook._id}`;
    const changed = await server.request('PUT', path, { cookie: lead.cookie, body: { url: 'https://other.example.com/in', events: ['comment.created'], active: false } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ url: 'https://other.example.com/in', events: ['comment.created'], active: false, pausedReason: null });
    expect(changed.text).not.toContain(webhook.secret);
    const resumed = await server.request('PUT', path, { cookie: lead.cookie, body: { active: true } });
    expect(resumed.body.data).toMatchObject({ active: true, url: 'https://other.example.com/in' });

    const rotated = await server.request('POST', `${path}/rotate-secret`, { cookie: lead.cookie });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.data).toMatchObject({ _id: webhook._id });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(webhook.secret);

    expect(await deliveriesOf(lead.cookie, project._id, webhook._id)).toEqual([]);

    const deleted = await server.request('DELETE', path, { cookie: lead.cookie });
    expect(deleted.status).toBe(200);
    expect((await server.request('GET', webhooksPath(project._id), { cookie: lead.cookie })).body.data).toEqual([]);
    expect((await server.request('DELETE', path, { cookie: lead.cookie })).status).toBe(404);
    expect((await server.request('GET', `${path}/deliveries`, { cookie: lead.cookie })).status).toBe(404);
  });

  it('adds a webhook paused when asked (active false)', async () => {
    const { lead, project } = await ownProject();
    const created = await create(lead.cookie, project._id, { url: PUBLIC_URL, events: ['task.deleted'], active: false });
    expect(created.status).toBe(201);
    expect(created.body.data.active).toBe(false);
  });

  it.each([
    [{ url: 'not a url', events: ['task.created'] }, 'url'],
    [{ url: 'ftp://example.com/x', events: ['task.created'] }, 'url'],
    [{ events: ['task.created'] }, 'url'],
    [{ url: PUBLIC_URL, events: [] }, 'events'],
    [{ url: PUBLIC_URL, events: ['todo.created'] }, 'events'],
    [{ url: PUBLIC_URL, events: 'task.created' }, 'events'],
    [{ url: PUBLIC_URL }, 'events'],
    [{ url: PUBLIC_URL, events: ['task.created'], active: 'yes' }, 'active'],
  ])('refuses %j with a field error on %s', async (body, field) => {
    const { lead, project } = await ownProject();
    const response = await create(lead.cookie, project._id, body);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.stringContaining(field) })]));
  });

  it.each(['http://127.0.0.1:8080/hook', 'http://10.1.2.3/hook', 'http://192.168.0.10/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/hook', 'http://[fd00::1]/', 'http://0.0.0.0/', 'http://224.0.0.1/', 'http://[::ffff:127.0.0.1]/'])(
    'refuses a URL naming a private address outright: %s',
    async (url) => {
      const { lead, project } = await ownProject();
      const response = await create(lead.cookie, project._id, { url, events: ['task.created'] });
      expect(response.status, response.text).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'url', message: expect.stringMatching(/cannot be sent there/) })]);
      const created = await create(lead.cookie, project._id, { url: PUBLIC_URL, events: ['task.created'] });
      const changed = await server.request('PUT', `${webhooksPath(project._id)}/${created.body.data._id}`, { cookie: lead.cookie, body: { url } });
      expect(changed.status).toBe(400);
    },
  );

  it('refuses the update of a webhook with an invalid body, and one of another project (404)', async () => {
    const { lead, project } = await ownProject();
    const other = await buildProject(server, lead.cookie);
    const created = await create(lead.cookie, project._id, { url: PUBLIC_URL, events: ['task.created'] });
    const path = `${webhooksPath(project._id)}/${created.body.data._id}`;
    expect((await server.request('PUT', path, { cookie: lead.cookie, body: { events: ['nope'] } })).status).toBe(400);
    expect((await server.request('PUT', path, { cookie: lead.cookie, body: { url: '' } })).status).toBe(400);
    const elsewhere = `${webhooksPath(other._id)}/${created.body.data._id}`;
    expect((await server.request('PUT', elsewhere, { cookie: lead.cookie, body: { active: false } })).status).toBe(404);
    expect((await server.request('DELETE', elsewhere, { cookie: lead.cookie })).status).toBe(404);
    expect((await server.request('POST', `${elsewhere}/test`, { cookie: lead.cookie })).status).toBe(404);
    expect((await server.request('POST', `${elsewhere}/rotate-secret`, { cookie: lead.cookie })).status).toBe(404);
    expect((await server.request('GET', `${elsewhere}/deliveries`, { cookie: lead.cookie })).status).toBe(404);
    expect((await server.request('PUT', `${webhooksPath(project._id)}/not-an-id`, { cookie: lead.cookie, body: {} })).status).toBe(400);
    const unknownDelivery = `${path}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`;
    expect((await server.request('POST', unknownDelivery, { cookie: lead.cookie })).status).toBe(404);
  });
});

describe('who may manage webhooks', () => {
  // signed out, stranger, VIEWER, MEMBER, MODERATOR, ADMIN, owner, owner not a member
  it.each(statusesByKind([401, 404, 403, 403, 403, 201, 201, 201]))('%s adding one: %i', async (kind, status) => {
    const { project } = await buildMatrixFixture(server, cast, kind);
    const response = await create(cookieFor(cast, kind), project._id, { url: PUBLIC_URL, events: ['task.created'] });
    expect(response.status, response.text).toBe(status);
    if (status >= 400) expect(response.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
  });

  it.each(statusesByKind([401, 404, 403, 403, 403, 200, 200, 200]))('%s on an existing one (list, change, test, deliveries, rotate, delete): %i', async (kind, status) => {
    const { project } = await buildMatrixFixture(server, cast, kind);
    const webhook = (await create(cast.admin.cookie, project._id, { url: PUBLIC_URL, events: ['task.created'], active: false })).body.data;
    const cookie = cookieFor(cast, kind);
    const path = `${webhooksPath(project._id)}/${webhook._id}`;
    const ping = await server.request('POST', `${path}/test`, { cookie: cast.admin.cookie });
    const calls = [
      await server.request('GET', webhooksPath(project._id), { cookie }),
      await server.request('PUT', path, { cookie, body: { active: false } }),
      await server.request('GET', `${path}/deliveries`, { cookie }),
      await server.request('POST', `${path}/rotate-secret`, { cookie }),
    ];
    expect(calls.map((call) => call.status)).toEqual([status, status, status, status]);
    const queued = [
      await server.request('POST', `${path}/test`, { cookie }),
      await server.request('POST', `${path}/deliveries/${ping.body.data._id}/redeliver`, { cookie }),
    ];
    expect(queued.map((call) => call.status)).toEqual([status === 200 ? 202 : status, status === 200 ? 202 : status]);
    expect((await server.request('DELETE', path, { cookie })).status).toBe(status);
  });
});

describe('test deliveries and the address check at delivery time', () => {
  it('a name that resolves to a loopback address (localhost) is refused after DNS, and nothing reaches the receiver', async () => {
    const { lead, project } = await ownProject();
    const url = `http://localhost:${receiver.port}/hooks`;
    const created = await create(lead.cookie, project._id, { url, events: ['task.created'] });
    // A name is not resolved when saved: it is checked on every delivery.
    expect(created.status, created.text).toBe(201);
    const queued = await server.request('POST', `${webhooksPath(project._id)}/${created.body.data._id}/test`, { cookie: lead.cookie });
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body.data).toMatchObject({ event: 'ping', status: 'PENDING', attempts: 0 });
    // Recorded once the attempt is over (its count goes up when it is claimed).
    const attempted = await waitForDelivery(lead.cookie, project._id, created.body.data._id, (delivery) => delivery.lastAttemptAt !== null);
    expect(attempted).toMatchObject({ status: 'PENDING', responseCode: null, error: expect.stringMatching(/^Refused: localhost resolves to .*loopback.*WEBHOOK_ALLOW_PRIVATE/) });
    expect(receiver.received).toEqual([]);
  });
});
