import type { LiveEvent } from '@tasklane/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProjectMember,
  buildAttachment,
  buildCategory,
  buildComment,
  buildFeature,
  buildProject,
  buildSignedInUser,
  buildTask,
  buildTodo,
  buildWorkspace,
  signIn,
} from '../../../test/factories.js';
import { openTestEventStream, type TestEventStream } from '../../../test/event-stream.js';
import { notifierSettled } from '../../../test/notifications.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
const open: TestEventStream[] = [];

beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
});
afterAll(async () => {
  open.forEach((stream) => stream.close());
  await server.close();
});

/** A started stream (past its `ready`) for the user of `cookie`. */
async function streamFor(cookie: string, options: { lastEventId?: string; query?: string } = {}) {
  const stream = await openTestEventStream(server.url, cookie, options);
  open.push(stream);
  expect(stream.status).toBe(200);
  await stream.ready();
  if (options.lastEventId === undefined && options.query === undefined) {
    // On PostgreSQL the NOTIFY of a write that answered just before the stream opened may still
    // reach it. A write of the user's own (a category: only they hear of it), read back through
    // the stream, is a barrier: events arrive in commit order, so what came before it is dropped
    // and the test sees only what it does after.
    const barrier = await buildCategory(server, cookie);
    for (;;) {
      const event = await stream.nextChange(3_000);
      if (!event) throw new Error('the stream did not hear its own barrier');
      if (event.type === 'category.created' && event.entityId === barrier._id) break;
    }
  }
  return stream;
}

/**
 * The change events that arrive within `ms` (nothing else is sent meanwhile in these tests), the
 * user's own notifications left out: the notifier makes them as it goes, at its own pace
 * (notifications.routes.test.ts checks who gets them).
 */
async function changesWithin(stream: TestEventStream, ms = 400): Promise<LiveEvent[]> {
  return (await stream.collect(ms))
    .filter((message) => message.event === 'message')
    .map((message) => JSON.parse(message.data) as LiveEvent)
    .filter((event) => !event.type.startsWith('notification.'));
}

/** The next `count` change events (failing if they do not come). */
async function nextChanges(stream: TestEventStream, count: number): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    const event = await stream.nextChange(3_000);
    if (!event) throw new Error(`expected ${count} events, got ${JSON.stringify(events)}`);
    if (event.type.startsWith('notification.')) {
      index -= 1;
      continue;
    }
    events.push(event);
  }
  return events;
}

/** A project of `owner`'s with the others as members of the given roles, a feature and a TASK category of the owner's. */
async function buildTeam() {
  const [owner, member, viewer, stranger] = await Promise.all([
    buildSignedInUser(server),
    buildSignedInUser(server),
    buildSignedInUser(server),
    buildSignedInUser(server),
  ]);
  const project = await buildProject(server, owner!.cookie, {
    members: [
      { userId: member!.user.id, role: 'MEMBER' },
      { userId: viewer!.user.id, role: 'VIEWER' },
    ],
  });
  const feature = await buildFeature(server, owner!.cookie, project._id);
  // Task categories made now, so that making tasks later publishes only task events.
  const [ownerCategory, memberCategory] = await Promise.all([
    buildCategory(server, owner!.cookie, { type: 'TASK' }),
    buildCategory(server, member!.cookie, { type: 'TASK' }),
  ]);
  const categories = { owner: ownerCategory!._id, member: memberCategory!._id };
  // Joining the project notified the member and the viewer (MEMBERSHIP): that notification's
  // event comes once the notifier has run, so wait for it, or it lands among the test's own.
  await notifierSettled(server);
  return { owner: owner!, member: member!, viewer: viewer!, stranger: stranger!, project, feature, categories };
}

describe('GET /api/v1/events', () => {
  it('is 401 with the error envelope when signed out', async () => {
    const response = await server.request('GET', '/api/v1/events');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('answers an event stream that is never cached or transformed, with the security headers, and starts with ready', async () => {
    const { cookie } = await buildSignedInUser(server);
    const stream = await openTestEventStream(server.url, cookie);
    open.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    const ready = await stream.next();
    expect(ready).toMatchObject({ event: 'ready', data: '{}' });
    expect(ready!.id).toMatch(/^\d+$/);
    stream.close();
  });

  it('a lastEventId that is no event id is 400', async () => {
    const { cookie } = await buildSignedInUser(server);
    const response = await server.request('GET', '/api/v1/events?lastEventId=abc', { cookie });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('who receives what', () => {
  it("todo and category events reach their owner only, and carry ids, never content", async () => {
    const owner = await buildSignedInUser(server);
    const other = await buildSignedInUser(server);
    const [mine, theirs] = await Promise.all([streamFor(owner.cookie), streamFor(other.cookie)]);

    const category = await buildCategory(server, owner.cookie, { name: 'Secret errands' });
    const todo = await buildTodo(server, owner.cookie, { category: category._id, title: 'Buy a ring' });
    const updated = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
      cookie: owner.cookie,
      body: { title: 'Buy two rings', category: category._id },
    });
    expect(updated.status).toBe(200);
    expect((await server.request('DELETE', `/api/v1/todos/${todo._id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie: owner.cookie })).status).toBe(200);

    const events = await nextChanges(mine, 5);
    expect(events.map((event) => [event.type, event.entityId])).toEqual([
      ['category.created', category._id],
      ['todo.created', todo._id],
      ['todo.updated', todo._id],
      ['todo.deleted', todo._id],
      ['category.deleted', category._id],
    ]);
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(
        ['actorId', 'at', 'entityId', 'featureId', 'id', 'origin', 'projectId', 'taskId', 'type', 'userId', 'version', 'workspaceId'].sort(),
      );
      expect(event.actorId).toBe(owner.user.id);
      expect(JSON.stringify(event)).not.toMatch(/ring|errands/i);
    }
    // Ids increase.
    expect(events.map((event) => Number(event.id))).toEqual([...events.map((event) => Number(event.id))].sort((a, b) => a - b));
    expect(await changesWithin(theirs)).toEqual([]);
  });

  it('project events reach every member and the workspace owner, in order, and never a stranger', async () => {
    const team = await buildTeam();
    const [owner, member, viewer, stranger] = await Promise.all(
      [team.owner, team.member, team.viewer, team.stranger].map((user) => streamFor(user.cookie)),
    );
    const { project, feature } = team;

    const task = await buildTask(server, team.member.cookie, feature._id, { title: 'Private title', categoryId: team.categories.member });
    const edit = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: team.owner.cookie, body: { status: 'IN_PROGRESS', version: 1 } });
    expect(edit.status).toBe(200);
    const comment = await buildComment(server, team.viewer.cookie, task._id, 'Private words');
    await buildAttachment(server, team.member.cookie, task._id);
    const renamed = await server.request('PUT', `/api/v1/features/${feature._id}`, { cookie: team.owner.cookie, body: { title: 'Renamed' } });
    expect(renamed.status).toBe(200);

    const expected = [
      ['task.created', task._id, 1],
      ['task.updated', task._id, 2],
      ['comment.created', comment._id, null],
      ['attachment.added', task._id, 2],
      ['feature.updated', feature._id, 2],
    ];
    for (const stream of [owner, member, viewer]) {
      const events = await nextChanges(stream!, expected.length);
      expect(events.map((event) => [event.type, event.entityId, event.version])).toEqual(expected);
      for (const event of events) {
        expect(event.projectId).toBe(project._id);
        expect(event.workspaceId).toBe(project.workspaceId._id);
        expect(event.featureId).toBe(feature._id);
        expect(JSON.stringify(event)).not.toMatch(/Private/);
      }
      expect(events[2]!.taskId).toBe(task._id);
    }
    expect(await changesWithin(stranger!)).toEqual([]);
  });

  it("a comment's edit and deletion reach the project's members and the workspace owner, never a stranger (issue 17)", async () => {
    const team = await buildTeam();
    const task = await buildTask(server, team.member.cookie, team.feature._id, { categoryId: team.categories.member });
    const comment = await buildComment(server, team.viewer.cookie, task._id, 'Private words');
    const [owner, member, viewer, stranger] = await Promise.all(
      [team.owner, team.member, team.viewer, team.stranger].map((user) => streamFor(user.cookie)),
    );
    const path = `/api/v1/tasks/${task._id}/comments/${comment._id}`;
    expect((await server.request('PUT', path, { cookie: team.viewer.cookie, body: { comment: 'Private, edited' } })).status).toBe(200);
    expect((await server.request('DELETE', path, { cookie: team.owner.cookie })).status).toBe(200);
    for (const stream of [owner, member, viewer]) {
      const events = await nextChanges(stream!, 2);
      expect(events.map((event) => [event.type, event.entityId, event.actorId])).toEqual([
        ['comment.updated', comment._id, team.viewer.user.id],
        ['comment.deleted', comment._id, team.owner.user.id],
      ]);
      for (const event of events) {
        expect(event).toMatchObject({ taskId: task._id, featureId: team.feature._id, projectId: team.project._id, workspaceId: team.project.workspaceId._id });
        expect(JSON.stringify(event)).not.toMatch(/Private/);
      }
    }
    expect(await changesWithin(stranger!)).toEqual([]);
  });

  it('a removed member stops receiving at once, an added one starts, and each learns of their own change', async () => {
    const team = await buildTeam();
    const [member, stranger] = await Promise.all([streamFor(team.member.cookie), streamFor(team.stranger.cookie)]);
    const task = await buildTask(server, team.owner.cookie, team.feature._id, { categoryId: team.categories.owner });
    expect((await nextChanges(member, 1))[0]!.type).toBe('task.created');

    const removed = await server.request('DELETE', `/api/v1/projects/${team.project._id}/members/${team.member.user.id}`, {
      cookie: team.owner.cookie,
    });
    expect(removed.status).toBe(200);
    const [removal] = await nextChanges(member, 1);
    expect(removal).toMatchObject({ type: 'member.removed', userId: team.member.user.id, projectId: team.project._id });
    // Neither the stranger nor (from now on) the removed member hears of the project.
    await addProjectMember(server, team.owner.cookie, team.project._id, team.stranger.user.id, 'VIEWER');
    const [addition] = await nextChanges(stranger, 1);
    expect(addition).toMatchObject({ type: 'member.added', userId: team.stranger.user.id, projectId: team.project._id });

    const edit = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: team.owner.cookie, body: { title: 'After' } });
    expect(edit.status).toBe(200);
    expect((await nextChanges(stranger, 1))[0]).toMatchObject({ type: 'task.updated', taskId: task._id });
    expect(await changesWithin(member)).toEqual([]);
  });

  it('a member who leaves is told, as are the others, and then hears nothing of the project', async () => {
    const team = await buildTeam();
    const [owner, viewer] = await Promise.all([streamFor(team.owner.cookie), streamFor(team.viewer.cookie)]);

    const left = await server.request('DELETE', `/api/v1/projects/${team.project._id}/members/${team.viewer.user.id}`, {
      cookie: team.viewer.cookie,
    });
    expect(left.status, left.text).toBe(200);
    const expected = { type: 'member.removed', userId: team.viewer.user.id, projectId: team.project._id };
    expect((await nextChanges(viewer, 1))[0]).toMatchObject(expected);
    expect((await nextChanges(owner, 1))[0]).toMatchObject(expected);

    await buildTask(server, team.owner.cookie, team.feature._id, { categoryId: team.categories.owner });
    expect((await nextChanges(owner, 1))[0]!.type).toBe('task.created');
    expect(await changesWithin(viewer)).toEqual([]);
  });

  it('workspace events reach its owner and the members of its projects; a deleted project is told to its members', async () => {
    const team = await buildTeam();
    const outsider = await buildSignedInUser(server);
    const [owner, member, other] = await Promise.all([streamFor(team.owner.cookie), streamFor(team.member.cookie), streamFor(outsider.cookie)]);
    const workspaceId = team.project.workspaceId._id;
    const renamed = await server.request('PUT', `/api/v1/workspaces/${workspaceId}`, { cookie: team.owner.cookie, body: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    const deleted = await server.request('DELETE', `/api/v1/projects/${team.project._id}`, { cookie: team.owner.cookie });
    expect(deleted.status).toBe(200);
    // After the project is gone, its workspace's events no longer concern the former member.
    const again = await server.request('PUT', `/api/v1/workspaces/${workspaceId}`, { cookie: team.owner.cookie, body: { name: 'Again' } });
    expect(again.status).toBe(200);

    const ownerEvents = await nextChanges(owner, 3);
    expect(ownerEvents.map((event) => event.type)).toEqual(['workspace.updated', 'project.deleted', 'workspace.updated']);
    const memberEvents = await nextChanges(member, 2);
    expect(memberEvents.map((event) => [event.type, event.entityId])).toEqual([
      ['workspace.updated', workspaceId],
      ['project.deleted', team.project._id],
    ]);
    expect(await changesWithin(member)).toEqual([]);
    expect(await changesWithin(other)).toEqual([]);
  });

  it('a workspace created, and a project created in it, reach its owner', async () => {
    const owner = await buildSignedInUser(server);
    const stream = await streamFor(owner.cookie);
    const workspace = await buildWorkspace(server, owner.cookie);
    const project = await buildProject(server, owner.cookie, { workspaceId: workspace._id });
    const feature = await buildFeature(server, owner.cookie, project._id);
    const events = await nextChanges(stream, 3);
    expect(events.map((event) => [event.type, event.entityId])).toEqual([
      ['workspace.created', workspace._id],
      ['project.created', project._id],
      ['feature.created', feature._id],
    ]);
  });

  it('a tab that names itself (X-Client-Id) finds its id as the origin of its own events', async () => {
    const owner = await buildSignedInUser(server);
    const stream = await streamFor(owner.cookie);
    await server.request('POST', '/api/v1/workspaces', { cookie: owner.cookie, body: { name: 'Mine' }, headers: { 'x-client-id': 'tab-1234abcd' } });
    await server.request('POST', '/api/v1/workspaces', { cookie: owner.cookie, body: { name: 'Other' }, headers: { 'x-client-id': 'not valid!' } });
    await server.request('POST', '/api/v1/workspaces', { cookie: owner.cookie, body: { name: 'None' } });
    const events = await nextChanges(stream, 3);
    expect(events.map((event) => event.origin)).toEqual(['tab-1234abcd', null, null]);
  });

  it('a refused or unchanged write publishes nothing', async () => {
    const team = await buildTeam();
    const task = await buildTask(server, team.owner.cookie, team.feature._id, { categoryId: team.categories.owner });
    const stream = await streamFor(team.member.cookie);
    const stale = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: team.owner.cookie, body: { title: 'Late', version: 7 } });
    expect(stale.status).toBe(409);
    const viewer = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: team.viewer.cookie, body: { title: 'Mine' } });
    expect(viewer.status).toBe(403);
    const unchanged = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: team.owner.cookie, body: { title: task.title } });
    expect(unchanged.status).toBe(200);
    const bad = await server.request('POST', '/api/v1/tasks', { cookie: team.owner.cookie, body: { featureId: team.feature._id, title: '' } });
    expect(bad.status).toBe(400);
    expect(await changesWithin(stream)).toEqual([]);
  });
});

describe('resuming', () => {
  /** The id of the newest event the user of `cookie` may see, read from a fresh stream's ready. */
  async function position(cookie: string) {
    const stream = await openTestEventStream(server.url, cookie);
    const ready = await stream.next();
    stream.close();
    return ready!.id!;
  }

  it('Last-Event-ID replays what the user missed, and only that, then goes on live', async () => {
    const team = await buildTeam();
    const lastSeen = await position(team.member.cookie);
    // Missed while away: two changes the member may see, one they may not.
    const task = await buildTask(server, team.owner.cookie, team.feature._id, { categoryId: team.categories.owner });
    const elsewhere = await buildSignedInUser(server);
    const hidden = await buildWorkspace(server, elsewhere.cookie);
    await buildComment(server, team.viewer.cookie, task._id);

    const stream = await openTestEventStream(server.url, team.member.cookie, { lastEventId: lastSeen });
    open.push(stream);
    const replayed = (await stream.ready()).map((message) => ({ ...message, data: JSON.parse(message.data) as LiveEvent }));
    expect(replayed.map((message) => message.id)).toEqual(replayed.map((message) => message.data.id));
    // The events of the seconds before the last one seen come again (a slow commit may have
    // taken a lower id after it was sent): harmless, and only what the member may see.
    expect(replayed.filter((message) => message.data.entityId === hidden._id)).toEqual([]);
    const missed = replayed.filter((message) => Number(message.id) > Number(lastSeen));
    expect(missed.map((message) => message.data.type)).toEqual(['task.created', 'comment.created']);
    await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: team.owner.cookie, body: { priority: 'HIGH' } });
    expect((await nextChanges(stream, 1))[0]).toMatchObject({ type: 'task.updated', taskId: task._id });
  });

  it('the lastEventId query parameter resumes as the header does', async () => {
    const team = await buildTeam();
    const lastSeen = await position(team.owner.cookie);
    const task = await buildTask(server, team.member.cookie, team.feature._id, { categoryId: team.categories.member });
    const stream = await openTestEventStream(server.url, team.owner.cookie, { query: `?lastEventId=${lastSeen}` });
    open.push(stream);
    const replayed = (await stream.ready()).filter((message) => Number(message.id) > Number(lastSeen));
    expect(replayed.map((message) => JSON.parse(message.data).entityId)).toEqual([task._id]);
  });

  it('an id no longer kept (or not an event id) gets reset: the client must refetch everything', async () => {
    const owner = await buildSignedInUser(server);
    // An event before the position taken, so it is a real event id even when this test runs
    // first (id 0 means 'no event yet', which resumes from the start instead).
    await buildWorkspace(server, owner.cookie);
    const lastSeen = await position(owner.cookie);
    await buildWorkspace(server, owner.cookie);
    // The replay window passes: housekeeping prunes the events the client would need.
    await server.database.db.execute(sql`delete from events where id <= ${Number(lastSeen) + 1}`);
    for (const lastEventId of [lastSeen, 'not-an-id', '999999999999']) {
      const stream = await openTestEventStream(server.url, owner.cookie, { lastEventId });
      open.push(stream);
      const [reset, ...rest] = await stream.ready();
      expect(reset).toMatchObject({ event: 'reset', data: '{}' });
      expect(reset!.id).toMatch(/^\d+$/);
      expect(rest).toEqual([]);
      stream.close();
    }
  });
});

describe('ending streams', () => {
  it('signing out ends the streams of that session, not of others', async () => {
    const user = await buildSignedInUser(server);
    // The same user signed in elsewhere: another session.
    const otherCookie = await signIn(server, user.user);
    const stream = await streamFor(user.cookie);
    const otherStream = await streamFor(otherCookie);
    expect((await server.request('POST', '/api/v1/auth/logout', { cookie: user.cookie })).status).toBe(200);
    await expect.poll(() => stream.ended(), { timeout: 2_000 }).toBe(true);
    expect(otherStream.ended()).toBe(false);
  });

  it('a server that shuts down ends its open streams, and closes promptly', async () => {
    const second = await startTestServer();
    const user = await buildSignedInUser(second);
    const stream = await openTestEventStream(second.url, user.cookie);
    await stream.ready();
    await second.close();
    await expect.poll(() => stream.ended(), { timeout: 2_000 }).toBe(true);
  });
});
