import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildSignedInUser, buildTeamWithTask } from '../../../test/factories.js';
import { changesIn, messagesBeforeReady } from '../../../test/event-stream.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/**
 * A page reads its data, then opens its event stream (the live client loads after the first
 * screen). A first connection has no Last-Event-ID, so without `sinceMs` it starts at the newest
 * event: a change committed between the page's read and the stream's start was never told, and
 * the page showed it stale until something else refetched. With `sinceMs` (how long ago the
 * client read its data) the stream first replays the events of that window.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await server.close();
});

/** Opens a first connection with `query`; returns what came before `ready`. */
const firstConnection = (cookie: string, query: string, headers?: Record<string, string>) =>
  messagesBeforeReady(server.url, cookie, { query, ...(headers ? { headers } : {}) });

const buildTeam = () => buildTeamWithTask(server);

describe('a first connection with sinceMs replays what changed since its client read its data', () => {
  it('a change committed after the page read the task and before its stream opened is replayed before ready', async () => {
    const { owner, member, task } = await buildTeam();
    // The member's page reads the task...
    expect((await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: member.cookie })).status).toBe(200);
    const readAt = Date.now();
    // ...the owner changes it before the member's stream has opened...
    const changed = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: owner.cookie, body: { title: 'Renamed while loading' } });
    expect(changed.status).toBe(200);
    // ...and the stream opens, saying how old the page's data is.
    const replayed = changesIn(await firstConnection(member.cookie, `?sinceMs=${Date.now() - readAt + 50}`));
    expect(replayed).toContainEqual(expect.objectContaining({ type: 'task.updated', entityId: task._id, version: changed.body.data.version }));
  });

  it('without sinceMs a first connection starts at the newest event, as before (nothing replayed)', async () => {
    const { owner, member, task } = await buildTeam();
    expect((await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: owner.cookie, body: { title: 'Renamed' } })).status).toBe(200);
    expect(await firstConnection(member.cookie, '')).toEqual([]);
  });

  it('only what the user may see is replayed', async () => {
    const { owner, member, task } = await buildTeam();
    const outsider = await buildSignedInUser(server);
    const own = await buildCategory(server, outsider.cookie);
    expect((await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: owner.cookie, body: { priority: 'HIGH' } })).status).toBe(200);

    const seenByOutsider = changesIn(await firstConnection(outsider.cookie, '?sinceMs=2000'));
    expect(seenByOutsider.filter((event) => event.taskId === task._id || event.entityId === task._id)).toEqual([]);
    expect(seenByOutsider.map((event) => [event.type, event.entityId])).toContainEqual(['category.created', own._id]);
    // The member sees the task's change and nothing of the outsider's category.
    const seenByMember = changesIn(await firstConnection(member.cookie, '?sinceMs=2000'));
    expect(seenByMember.map((event) => event.entityId)).toContain(task._id);
    expect(seenByMember.map((event) => event.entityId)).not.toContain(own._id);
  });

  it('a removal from a project inside the window is a reset (the page still shows the project)', async () => {
    const { owner, member, project } = await buildTeam();
    const removed = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${member.user.id}`, { cookie: owner.cookie });
    expect(removed.status).toBe(200);
    const before = await firstConnection(member.cookie, '?sinceMs=1000');
    expect(before.map((message) => message.event)).toEqual(['reset']);
  });

  it('a look back beyond the hour events are kept for is a reset: the client refetches everything', async () => {
    const { member } = await buildTeam();
    expect((await firstConnection(member.cookie, '?sinceMs=3600000')).map((message) => message.event)).toEqual(['reset']);
    expect((await firstConnection(member.cookie, '?sinceMs=86400000')).map((message) => message.event)).toEqual(['reset']);
  });

  it('a resume wins: with a Last-Event-ID, sinceMs is not used', async () => {
    const { member } = await buildTeam();
    // An id that is no event id means "refetch everything", whatever sinceMs says.
    const before = await firstConnection(member.cookie, '?sinceMs=1000', { 'last-event-id': 'not-an-id' });
    expect(before.map((message) => message.event)).toEqual(['reset']);
  });

  it.each(['-1', '1.5', 'abc', '86400001'])('sinceMs=%j is 400 with the rule in the message', async (value) => {
    const { cookie } = await buildSignedInUser(server);
    const response = await server.request('GET', `/api/v1/events?sinceMs=${value}`, { cookie });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: expect.stringContaining('sinceMs must be a whole number from 0 to 86400000') });
  });
});
