import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../housekeeping/housekeeping.service.js';
import { addProjectMember, buildComment, buildFeature, buildProject, buildSignedInUser, buildTask, type SignedInUser } from '../../../test/factories.js';
import { notificationsOf as allNotificationsOf, notifierSettled, unreadCountOf } from '../../../test/notifications.js';
import { connectPostgres } from '../../db/connect.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A project whose ADMIN is `lead`, with `others` as MEMBERs, and a feature. */
async function scene(count = 3) {
  const lead = await buildSignedInUser(server, { fullName: 'Lead Person' });
  const others: SignedInUser[] = [];
  for (let index = 0; index < count; index++) others.push(await buildSignedInUser(server));
  const project = await buildProject(server, lead.cookie, { name: 'Website', members: others.map((other) => ({ userId: other.user.id, role: 'MEMBER' as const })) });
  const feature = await buildFeature(server, lead.cookie, project._id, { title: 'Sign-in' });
  return { lead, others, project, feature };
}

/** The user's notifications about tasks (the scene's MEMBERSHIP ones left out), newest first. */
const notificationsOf = async (target: TestServer, cookie: string, query = '') =>
  (await allNotificationsOf(target, cookie, query)).filter((notification) => notification.kind !== 'MEMBERSHIP');

const put = (path: string, cookie: string, body: unknown) => server.request('PUT', path, { cookie, body });

describe('who is notified', () => {
  it('assigning and unassigning tell the assignee, with the task, its project and feature, and a link; never the actor', async () => {
    const { lead, others, project, feature } = await scene(2);
    const [ann, bob] = others as [SignedInUser, SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id, { title: 'Fix login', assigneeId: ann.user.id });
    const [assigned] = await notificationsOf(server, ann.cookie);
    expect(assigned).toMatchObject({
      kind: 'ASSIGNED',
      read: false,
      actor: { _id: lead.user.id, fullName: 'Lead Person' },
      task: { _id: task._id, title: 'Fix login' },
      project: { _id: project._id, name: 'Website' },
      text: 'Lead Person assigned you “Fix login” in Website › Sign-in',
      url: `/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}`,
    });
    expect(await notificationsOf(server, lead.cookie)).toEqual([]);

    // Bob takes it over (the actor is Bob's lead): Ann hears she was unassigned, Bob that he is assigned.
    expect((await put(`/api/v1/tasks/${task._id}`, lead.cookie, { assigneeId: bob.user.id })).status).toBe(200);
    // Within minutes of her assignment: one notification listing both, newest first.
    const annNow = await notificationsOf(server, ann.cookie);
    expect(annNow).toHaveLength(1);
    expect(annNow[0]).toMatchObject({ kind: 'UNASSIGNED', text: 'Lead Person unassigned you from “Fix login” in Website › Sign-in\nLead Person assigned you “Fix login” in Website › Sign-in' });
    expect((await notificationsOf(server, bob.cookie)).map((n) => n.kind)).toEqual(['ASSIGNED']);

    // Assigning yourself tells nobody.
    expect((await put(`/api/v1/tasks/${task._id}`, bob.cookie, { assigneeId: bob.user.id })).status).toBe(200);
    const own = await buildTask(server, bob.cookie, feature._id, { assigneeId: bob.user.id });
    expect((await notificationsOf(server, bob.cookie)).filter((n) => n.task?._id === own._id)).toEqual([]);
  });

  it('a comment tells the watchers (creator, assignee, earlier commenters), not the commenter nor other members', async () => {
    const { lead, others, feature } = await scene(3);
    const [assignee, commenter, bystander] = others as [SignedInUser, SignedInUser, SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id, { assigneeId: assignee.user.id });
    await buildComment(server, commenter.cookie, task._id, 'First');
    const leadAfterFirst = await notificationsOf(server, lead.cookie);
    expect(leadAfterFirst.map((n) => n.kind)).toEqual(['COMMENT']);
    expect(leadAfterFirst[0].text).toMatch(/commented on “/);
    expect(await notificationsOf(server, commenter.cookie)).toEqual([]);
    expect(await notificationsOf(server, bystander.cookie)).toEqual([]);

    await buildComment(server, assignee.cookie, task._id, 'Second');
    // The commenter now watches (they commented), the assignee is the actor.
    expect((await notificationsOf(server, commenter.cookie)).map((n) => n.kind)).toEqual(['COMMENT']);
    // The assignee heard of the first comment (with their assignment: one notification), not of their own.
    expect((await notificationsOf(server, assignee.cookie)).map((n) => n.items.map((item: { kind: string }) => item.kind))).toEqual([['COMMENT', 'ASSIGNED']]);
    expect(await notificationsOf(server, bystander.cookie)).toEqual([]);
  });

  // The notifier reads a task's commenters one by one from an index (decision 025, "Who
  // commented"): every one of several, however many comments each wrote, and only while a
  // comment of theirs is there.
  it('a comment tells every earlier commenter once, however many comments each wrote, but not one who unwatched or whose comment is gone', async () => {
    const { lead, others, feature } = await scene(6);
    const [first, second, third, unwatcher, deleter, bystander] = others as [SignedInUser, SignedInUser, SignedInUser, SignedInUser, SignedInUser, SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id);
    for (const person of [third, first, second, first, unwatcher, third, first]) await buildComment(server, person.cookie, task._id, 'Thoughts');
    const gone = await buildComment(server, deleter.cookie, task._id, 'Never mind');
    expect((await server.request('DELETE', `/api/v1/tasks/${task._id}/comments/${gone._id}`, { cookie: deleter.cookie })).status).toBe(200);
    expect((await server.request('DELETE', `/api/v1/tasks/${task._id}/watch`, { cookie: unwatcher.cookie })).status).toBe(200);
    const before = new Map<string, number>();
    for (const person of others) before.set(person.user.id, (await notificationsOf(server, person.cookie)).flatMap((n) => n.items).length);

    await buildComment(server, lead.cookie, task._id, 'Wrapping up');
    const heard = async (person: SignedInUser) => (await notificationsOf(server, person.cookie)).flatMap((n) => n.items).length - before.get(person.user.id)!;
    expect(await Promise.all([first, second, third, unwatcher, deleter, bystander].map(heard))).toEqual([1, 1, 1, 0, 0, 0]);
  });

  it('watching and unwatching: an explicit choice wins over watching automatically', async () => {
    const { lead, others, feature } = await scene(2);
    const [watcher, commenter] = others as [SignedInUser, SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id);
    const watchPath = `/api/v1/tasks/${task._id}/watch`;
    expect((await server.request('GET', watchPath, { cookie: lead.cookie })).body).toMatchObject({ success: true, data: { watching: true } });
    expect((await server.request('GET', watchPath, { cookie: watcher.cookie })).body.data).toEqual({ watching: false });
    expect((await server.request('PUT', watchPath, { cookie: watcher.cookie })).body).toMatchObject({ success: true, data: { watching: true } });
    const unwatched = await server.request('DELETE', watchPath, { cookie: lead.cookie });
    expect(unwatched.status).toBe(200);
    expect(unwatched.body.data).toEqual({ watching: false });

    await buildComment(server, commenter.cookie, task._id, 'Hello');
    expect((await notificationsOf(server, watcher.cookie)).map((n) => n.kind)).toEqual(['COMMENT']);
    expect(await notificationsOf(server, lead.cookie)).toEqual([]);
    // The commenter watches now, until they unwatch; commenting again does not override it.
    expect((await server.request('GET', `/api/v1/tasks/${task._id}/watch`, { cookie: commenter.cookie })).body.data).toEqual({ watching: true });
    await server.request('DELETE', `/api/v1/tasks/${task._id}/watch`, { cookie: commenter.cookie });
    await buildComment(server, commenter.cookie, task._id, 'Again');
    await buildComment(server, watcher.cookie, task._id, 'Reply');
    expect(await notificationsOf(server, commenter.cookie)).toEqual([]);
    expect((await server.request('GET', `/api/v1/tasks/${task._id}/watch`, { cookie: commenter.cookie })).body.data).toEqual({ watching: false });
  });

  it('watch: 401 signed out, 404 for who cannot see the task or an unknown one, 400 for a bad id', async () => {
    const { lead, feature } = await scene(0);
    const stranger = await buildSignedInUser(server);
    const task = await buildTask(server, lead.cookie, feature._id);
    expect((await server.request('PUT', `/api/v1/tasks/${task._id}/watch`, {})).status).toBe(401);
    expect((await server.request('PUT', `/api/v1/tasks/${task._id}/watch`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/tasks/${task._id}/watch`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await server.request('DELETE', `/api/v1/tasks/00000000-0000-4000-8000-000000000000/watch`, { cookie: lead.cookie })).status).toBe(404);
    expect((await server.request('PUT', `/api/v1/tasks/nope/watch`, { cookie: lead.cookie })).status).toBe(400);
  });

  it('a mention tells the member mentioned (even not watching), not a stranger; a description edit tells only new mentions', async () => {
    const { lead, others, feature } = await scene(3);
    const [ann, bob, carl] = others as [SignedInUser, SignedInUser, SignedInUser];
    const stranger = await buildSignedInUser(server);
    const task = await buildTask(server, lead.cookie, feature._id, { description: `Ask @${ann.user.username} and @${stranger.user.username}` });
    expect((await notificationsOf(server, ann.cookie)).map((n) => [n.kind, n.text.includes('mentioned you in the description of')])).toEqual([['MENTION', true]]);
    expect(await notificationsOf(server, stranger.cookie)).toEqual([]);

    expect((await put(`/api/v1/tasks/${task._id}`, lead.cookie, { description: `Ask @${ann.user.username} and @${bob.user.username.toUpperCase()}` })).status).toBe(200);
    expect((await notificationsOf(server, bob.cookie)).map((n) => n.kind)).toEqual(['MENTION']);
    expect(await notificationsOf(server, ann.cookie)).toHaveLength(1);
    expect((await notificationsOf(server, ann.cookie))[0].items).toHaveLength(1);

    // In a comment: the mentioned one hears a MENTION (not also a COMMENT); the watcher a COMMENT.
    await buildComment(server, carl.cookie, task._id, `@${lead.user.username} @${carl.user.username} see this`);
    const leadNotes = await notificationsOf(server, lead.cookie);
    expect(leadNotes.map((n) => n.kind)).toEqual(['MENTION']);
    expect(leadNotes[0].text).toMatch(/mentioned you in a comment on/);
    expect(await notificationsOf(server, carl.cookie)).toEqual([]);
  });

  it('editing a comment tells only whom the edit newly mentions, once', async () => {
    const { lead, others, feature } = await scene(3);
    const [ann, bob, carl] = others as [SignedInUser, SignedInUser, SignedInUser];
    const stranger = await buildSignedInUser(server);
    const task = await buildTask(server, lead.cookie, feature._id, { title: 'Edited mentions' });
    const comment = await buildComment(server, carl.cookie, task._id, `Ask @${ann.user.username}`);
    expect((await notificationsOf(server, ann.cookie)).map((n) => n.kind)).toEqual(['MENTION']);
    await server.request('PUT', `/api/v1/notifications/read-all`, { cookie: ann.cookie });

    const edit = (text: string) => put(`/api/v1/tasks/${task._id}/comments/${comment._id}`, carl.cookie, { comment: text });
    expect((await edit(`Ask @${ann.user.username} and @${bob.user.username} and @${stranger.user.username}`)).status).toBe(200);
    const bobNotes = await notificationsOf(server, bob.cookie);
    expect(bobNotes.map((n) => [n.kind, n.actor._id, n.task?._id])).toEqual([['MENTION', carl.user.id, task._id]]);
    expect(bobNotes[0].text).toBe(`${carl.user.fullName} mentioned you in a comment on “Edited mentions” in Website › Sign-in`);
    // Ann was told of this comment already: nothing new, still read.
    expect(await unreadCountOf(server, ann.cookie)).toBe(0);
    expect((await notificationsOf(server, ann.cookie))[0].items).toHaveLength(1);
    expect(await notificationsOf(server, stranger.cookie)).toEqual([]);

    // Saving it again, or another edit keeping the same names, tells nobody twice.
    expect((await edit(`Ask @${bob.user.username} and @${ann.user.username} again`)).status).toBe(200);
    expect((await notificationsOf(server, bob.cookie))[0].items).toHaveLength(1);
    expect(await unreadCountOf(server, ann.cookie)).toBe(0);
    expect(await notificationsOf(server, carl.cookie)).toEqual([]);
  });

  it('a status change tells the watchers', async () => {
    const { lead, others, feature } = await scene(2);
    const [assignee, bystander] = others as [SignedInUser, SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id, { assigneeId: assignee.user.id });
    expect((await put(`/api/v1/tasks/${task._id}`, assignee.cookie, { status: 'IN_PROGRESS' })).status).toBe(200);
    const leadNotes = await notificationsOf(server, lead.cookie);
    expect(leadNotes).toHaveLength(1);
    expect(leadNotes[0]).toMatchObject({ kind: 'STATUS_CHANGED' });
    expect(leadNotes[0].text).toMatch(/changed the status of “.*” in Website › Sign-in from To Do to In Progress/);
    expect((await notificationsOf(server, assignee.cookie)).map((n) => n.kind)).toEqual(['ASSIGNED']);
    expect(await notificationsOf(server, bystander.cookie)).toEqual([]);
  });

  it('membership: added, role changed, removed; the project’s notifications vanish with access and come back with it', async () => {
    const { lead, feature, project } = await scene(0);
    const newcomer = await buildSignedInUser(server);
    await addProjectMember(server, lead.cookie, project._id, newcomer.user.id, 'MEMBER');
    const added = await allNotificationsOf(server, newcomer.cookie);
    expect(added[0]).toMatchObject({ kind: 'MEMBERSHIP', project: { _id: project._id }, text: 'Lead Person added you to the project Website as MEMBER', url: `/dashboard/projects/${project._id}` });
    await buildTask(server, lead.cookie, feature._id, { assigneeId: newcomer.user.id });
    expect((await put(`/api/v1/projects/${project._id}/members/${newcomer.user.id}`, lead.cookie, { role: 'VIEWER' })).status).toBe(200);
    expect((await allNotificationsOf(server, newcomer.cookie)).map((n) => n.kind)).toEqual(['MEMBERSHIP', 'ASSIGNED', 'MEMBERSHIP']);
    expect(await unreadCountOf(server, newcomer.cookie)).toBe(3);

    expect((await server.request('DELETE', `/api/v1/projects/${project._id}/members/${newcomer.user.id}`, { cookie: lead.cookie })).status).toBe(200);
    const afterRemoval = await allNotificationsOf(server, newcomer.cookie);
    expect(afterRemoval).toHaveLength(1);
    expect(afterRemoval[0]).toMatchObject({ kind: 'MEMBERSHIP', text: 'Lead Person removed you from the project Website', url: '/projects' });
    expect(afterRemoval[0].project).toBeUndefined();
    expect(await unreadCountOf(server, newcomer.cookie)).toBe(1);

    await addProjectMember(server, lead.cookie, project._id, newcomer.user.id, 'MEMBER');
    expect((await allNotificationsOf(server, newcomer.cookie)).map((n) => n.kind)).toEqual(['MEMBERSHIP', 'MEMBERSHIP', 'MEMBERSHIP', 'ASSIGNED', 'MEMBERSHIP']);
  });
});

describe('reading them', () => {
  it('unread count, mark one read, mark all read; someone else’s is 404', async () => {
    const { lead, others, feature } = await scene(2);
    const [ann, bob] = others as [SignedInUser, SignedInUser];
    // Their notice of joining the project, read.
    await unreadCountOf(server, ann.cookie);
    for (const { cookie } of others) await server.request('PUT', '/api/v1/notifications/read-all', { cookie });
    await buildTask(server, lead.cookie, feature._id, { assigneeId: ann.user.id });
    await buildTask(server, lead.cookie, feature._id, { assigneeId: ann.user.id });
    await buildTask(server, lead.cookie, feature._id, { assigneeId: bob.user.id });
    expect(await unreadCountOf(server, ann.cookie)).toBe(2);
    const [newest, older] = await notificationsOf(server, ann.cookie);

    expect((await server.request('PUT', `/api/v1/notifications/${newest._id}/read`, { cookie: bob.cookie })).status).toBe(404);
    const read = await server.request('PUT', `/api/v1/notifications/${newest._id}/read`, { cookie: ann.cookie });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ success: true, data: { _id: newest._id, read: true } });
    expect(await unreadCountOf(server, ann.cookie)).toBe(1);
    expect((await notificationsOf(server, ann.cookie, '?unread=true')).map((n) => n._id)).toEqual([older._id]);

    const all = await server.request('PUT', '/api/v1/notifications/read-all', { cookie: ann.cookie });
    expect(all.body).toMatchObject({ success: true, data: { updated: 1 } });
    expect(await unreadCountOf(server, ann.cookie)).toBe(0);
    expect(await unreadCountOf(server, bob.cookie)).toBe(1);
    expect((await server.request('PUT', `/api/v1/notifications/00000000-0000-4000-8000-000000000000/read`, { cookie: ann.cookie })).status).toBe(404);
    expect((await server.request('PUT', `/api/v1/notifications/nope/read`, { cookie: ann.cookie })).status).toBe(400);
    expect((await server.request('GET', '/api/v1/notifications', {})).status).toBe(401);
    expect((await server.request('GET', '/api/v1/notifications/unread-count', {})).status).toBe(401);
    expect((await server.request('PUT', '/api/v1/notifications/read-all', {})).status).toBe(401);
  });

  it('pages, filters by kind, and refuses bad queries with 400', async () => {
    const { lead, others, feature } = await scene(1);
    const [ann] = others as [SignedInUser];
    for (let index = 0; index < 3; index++) await buildTask(server, lead.cookie, feature._id, { assigneeId: ann.user.id });
    await unreadCountOf(server, ann.cookie);
    const first = await server.request('GET', '/api/v1/notifications?page=1&limit=2', { cookie: ann.cookie });
    expect(first.body).toMatchObject({ success: true, total: 4, pagination: { total: 2, page: 1, limit: 2 } });
    expect(first.body.data).toHaveLength(2);
    const second = await server.request('GET', '/api/v1/notifications?page=2&limit=2', { cookie: ann.cookie });
    expect(second.body.data).toHaveLength(2);
    const beyond = await server.request('GET', '/api/v1/notifications?page=9&limit=2', { cookie: ann.cookie });
    expect(beyond.body).toMatchObject({ data: [], total: 4 });
    expect((await allNotificationsOf(server, ann.cookie, '?kind=MEMBERSHIP')).map((n) => n.kind)).toEqual(['MEMBERSHIP']);
    expect((await notificationsOf(server, ann.cookie, '?kind=ASSIGNED'))).toHaveLength(3);
    for (const query of ['limit=0', 'limit=101', 'page=0', 'kind=NOPE', 'unread=maybe']) {
      const response = await server.request('GET', `/api/v1/notifications?${query}`, { cookie: ann.cookie });
      expect(response.status, query).toBe(400);
      expect(response.body.success).toBe(false);
    }
  });
});

describe('collapsing', () => {
  it('several events on one task within the window make one notification, unread again and on top', async () => {
    const { lead, others, feature } = await scene(1);
    const [ann] = others as [SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id, { assigneeId: ann.user.id });
    const other = await buildTask(server, lead.cookie, feature._id, { assigneeId: ann.user.id });
    const [first] = await notificationsOf(server, ann.cookie);
    expect(first.task._id).toBe(other._id);
    await server.request('PUT', '/api/v1/notifications/read-all', { cookie: ann.cookie });

    expect((await put(`/api/v1/tasks/${task._id}`, lead.cookie, { status: 'IN_PROGRESS' })).status).toBe(200);
    await buildComment(server, lead.cookie, task._id, 'Started');
    const notes = await notificationsOf(server, ann.cookie);
    expect(notes.map((n) => n.task?._id)).toEqual([task._id, other._id]);
    expect(notes[0]).toMatchObject({ kind: 'COMMENT', read: false });
    expect(notes[0].items.map((item: { kind: string }) => item.kind)).toEqual(['COMMENT', 'STATUS_CHANGED', 'ASSIGNED']);
    expect(notes[0].text.split('\n')).toHaveLength(3);
    expect(await unreadCountOf(server, ann.cookie)).toBe(1);
  });

  it('one save that tells a person two things makes one notification listing both, and every other watcher one', async () => {
    const { lead, others, feature } = await scene(3);
    const [ann, bob, carl] = others as [SignedInUser, SignedInUser, SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id, { title: 'Two at once' });
    for (const person of [ann, carl]) expect((await put(`/api/v1/tasks/${task._id}/watch`, person.cookie, {})).status).toBe(200);
    // Ann watches it and is assigned it in the same save as its status changes.
    expect((await put(`/api/v1/tasks/${task._id}`, lead.cookie, { status: 'IN_PROGRESS', assigneeId: ann.user.id })).status).toBe(200);
    const annNotes = await notificationsOf(server, ann.cookie);
    expect(annNotes).toHaveLength(1);
    expect(annNotes[0].items.map((item: { kind: string }) => item.kind).sort()).toEqual(['ASSIGNED', 'STATUS_CHANGED']);
    expect((await notificationsOf(server, carl.cookie)).map((n) => n.items.length)).toEqual([1]);
    expect(await notificationsOf(server, bob.cookie)).toEqual([]);
  });

  it('a task created unassigned and assigned before the notifier reads its creation tells the assignee once', async () => {
    const { lead, others, feature } = await scene(1);
    const [ann] = others as [SignedInUser];
    await notifierSettled(server);
    // The notifier is held (another instance's round holds the cursor) while both writes land.
    const holder = connectPostgres(server.databaseUrl!, { max: 1 });
    const connection = await holder.reserve();
    let task: { _id: string };
    try {
      await connection`begin`;
      await connection`select id from notifier_cursor where id = 1 for update`;
      task = await buildTask(server, lead.cookie, feature._id, { title: 'Created, then assigned' });
      expect((await put(`/api/v1/tasks/${task._id}`, lead.cookie, { assigneeId: ann.user.id })).status).toBe(200);
      await connection`commit`;
    } finally {
      connection.release();
      await holder.end();
    }
    const told = (await notificationsOf(server, ann.cookie)).filter((notification) => notification.task?._id === task._id);
    expect(told.map((notification) => notification.items.map((item: { kind: string }) => item.kind))).toEqual([['ASSIGNED']]);
  });

  it('a notification lists its newest 20 events, however many each round adds to it', async () => {
    const { lead, others, feature } = await scene(1);
    const [ann] = others as [SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id, { assigneeId: ann.user.id });
    const made: string[] = [];
    const comment = async (text: string) => made.unshift(`comment:${(await buildComment(server, lead.cookie, task._id, text))._id}`);
    // Which events the notification lists, newest first: 20 comments, read through the API, and
    // which comments they are, by the keys it keeps (an item's time is its event's, which may
    // differ from its comment's by a millisecond).
    const listed = async () => {
      const [busy, ...more] = await notificationsOf(server, ann.cookie);
      expect(more).toEqual([]);
      expect(busy.items).toHaveLength(20);
      expect(busy.items.every((item: { kind: string }) => item.kind === 'COMMENT')).toBe(true);
      const result = (await server.database.db.execute(sql`select items from notifications where id = ${busy._id}`)) as unknown;
      const [row] = ((result as { rows?: unknown[] }).rows ?? result) as Array<{ items: Array<{ key: string }> }>;
      return row!.items.map((item) => item.key);
    };
    // A round each: the list fills, then every comment takes the place of the oldest event.
    for (let index = 1; index <= 21; index++) {
      await comment(`Note ${index}`);
      await notifierSettled(server);
    }
    expect(await listed()).toEqual(made.slice(0, 20));

    // Three comments while the notifier is held (another instance's round holds the cursor): one
    // round adds them all to the full list, and the three oldest go.
    const holder = connectPostgres(server.databaseUrl!, { max: 1 });
    const connection = await holder.reserve();
    try {
      await connection`begin`;
      await connection`select id from notifier_cursor where id = 1 for update`;
      for (const text of ['Later 1', 'Later 2', 'Later 3']) await comment(text);
      await connection`commit`;
    } finally {
      connection.release();
      await holder.end();
    }
    expect(await listed()).toEqual(made.slice(0, 20));
  });

  it('outside the window (configurable; 0 here) each event makes its own', async () => {
    const quick = await startTestServer({}, { notifier: { collapseMs: 0 } });
    try {
      const lead = await buildSignedInUser(quick);
      const ann = await buildSignedInUser(quick);
      const project = await buildProject(quick, lead.cookie, { members: [{ userId: ann.user.id, role: 'MEMBER' }] });
      const feature = await buildFeature(quick, lead.cookie, project._id);
      const task = await buildTask(quick, lead.cookie, feature._id, { assigneeId: ann.user.id });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await buildComment(quick, lead.cookie, task._id, 'One');
      expect((await allNotificationsOf(quick, ann.cookie)).map((n) => n.kind)).toEqual(['COMMENT', 'ASSIGNED', 'MEMBERSHIP']);
    } finally {
      await quick.close();
    }
  });
});

describe('housekeeping', () => {
  it('keeps the events the notifier has not read yet, past the replay hour', async () => {
    const fresh = await startTestServer();
    try {
      const { db } = fresh.database;
      const old = sql`now() - interval '2 hours'`;
      await db.execute(sql`insert into events (type, entity_id, created_at) values ('todo.created', gen_random_uuid(), ${old})`);
      const oldEvents = async () => {
        const result = (await db.execute(sql`select count(*)::int as n from events where created_at < now() - interval '90 minutes'`)) as unknown;
        return Number((((result as { rows?: unknown[] }).rows ?? result) as Array<{ n: number }>)[0]!.n);
      };
      // The notifier stands three hours back (an instance that was down): the event stays.
      await db.execute(sql`update notifier_cursor set processed_until = now() - interval '3 hours'`);
      await runHousekeeping(fresh.ctx);
      expect(await oldEvents()).toBe(1);
      // Caught up: the usual hour applies.
      await db.execute(sql`update notifier_cursor set processed_until = now()`);
      await runHousekeeping(fresh.ctx);
      expect(await oldEvents()).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('concurrent writes', () => {
  it('an event whose transaction commits after later ones were read notifies once it commits, once', async () => {
    const { lead, others, project, feature } = await scene(1);
    const [ann] = others as [SignedInUser];
    const slow = await buildTask(server, lead.cookie, feature._id, { title: 'Slow write' });
    const quick = await buildTask(server, lead.cookie, feature._id, { title: 'Quick write' });
    await notifierSettled(server);
    // A comment (and its event id) written in a transaction that stays open meanwhile.
    const writer = connectPostgres(server.databaseUrl!, { max: 1 });
    const connection = await writer.reserve();
    try {
      await connection`begin`;
      const [comment] = await connection`
        insert into task_comments (task_id, user_id, comment, project_id) values (${slow._id}, ${ann.user.id}, 'Committed late', ${project._id}) returning id`;
      await connection`
        insert into events (type, entity_id, project_id, feature_id, task_id, actor_id)
        values ('comment.created', ${comment!.id}, ${project._id}, ${feature._id}, ${slow._id}, ${ann.user.id})`;
      // A later write commits and is read: the notifier passes the open transaction's id.
      await buildComment(server, ann.cookie, quick._id, 'Committed at once');
      expect((await notificationsOf(server, lead.cookie)).map((n) => n.task.title)).toEqual(['Quick write']);
      await connection`commit`;
    } finally {
      connection.release();
      await writer.end();
    }
    const told = await notificationsOf(server, lead.cookie);
    expect(told.map((n) => [n.task.title, n.items.length]).sort()).toEqual([
      ['Quick write', 1],
      ['Slow write', 1],
    ]);
    expect(told.find((n) => n.task.title === 'Slow write').text).toBe(`${ann.user.fullName} commented on “Slow write” in Website › Sign-in`);
  });

  it('a round gives way to a request that holds what it needs, and the notification comes once that ends', async () => {
    const { lead, others, project, feature } = await scene(1);
    const [ann] = others as [SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id, { title: 'Held' });
    await notifierSettled(server);
    // Another request holds the project's row (as a project or workspace deletion does).
    const holder = connectPostgres(server.databaseUrl!, { max: 1 });
    const held = holder.reserve();
    const connection = await held;
    try {
      await connection`begin`;
      await connection`select id from projects where id = ${project._id} for update`;
      const logged = server.logs.length;
      expect((await put(`/api/v1/tasks/${task._id}`, lead.cookie, { assigneeId: ann.user.id })).status).toBe(200);
      // The notifier needs the project's row for the notification: it gives way instead of waiting.
      const deadline = Date.now() + 10_000;
      while (!server.logs.slice(logged).some((line) => line.includes('gave way to a concurrent change')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(server.logs.slice(logged).some((line) => line.includes('gave way to a concurrent change'))).toBe(true);
      await connection`commit`;
    } finally {
      connection.release();
      await holder.end();
    }
    const told = (await notificationsOf(server, ann.cookie)).filter((notification) => notification.task?._id === task._id);
    expect(told.map((notification) => notification.kind)).toEqual(['ASSIGNED']);
  });
});
