import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildComment, buildFeature, buildProject, buildSignedInUser, buildTask, buildTodo, type SignedInUser } from '../../../test/factories.js';
import { notificationsOf as allNotificationsOf } from '../../../test/notifications.js';
import { remindersRanAt, testClock } from '../../../test/reminders.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/*
 * Due-date reminders (issue 17, decision 027): each test first sets the scheduler's clock (every
 * test's items are made after that, so no earlier test's moment reminds of them), then moves it.
 */
const clock = testClock('2029-06-01T00:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { reminders: { intervalMs: 25, now: clock.now } });
});
afterAll(async () => {
  await server?.close();
});

const at = (iso: string) => remindersRanAt(server, clock, iso);

/** The user's reminders (newest first), the rest of their inbox left out. */
const remindersOf = async (cookie: string, query = '') =>
  (await allNotificationsOf(server, cookie, query)).filter((notification) => notification.kind === 'DUE_SOON' || notification.kind === 'OVERDUE');

async function userIn(timeZone: string | null, fullName?: string) {
  const person = await buildSignedInUser(server, fullName ? { fullName } : {});
  if (timeZone) {
    const response = await server.request('PUT', '/api/v1/users/me', { cookie: person.cookie, body: { timeZone } });
    expect(response.status, response.text).toBe(200);
  }
  return person;
}

/** A project led by `lead` with `members`, and a feature. */
async function scene(members: SignedInUser[]) {
  const lead = await buildSignedInUser(server);
  const project = await buildProject(server, lead.cookie, { name: 'Website', members: members.map((member) => ({ userId: member.user.id, role: 'MEMBER' as const })) });
  const feature = await buildFeature(server, lead.cookie, project._id, { title: 'Sign-in' });
  return { lead, project, feature };
}

describe('when reminders come', () => {
  it("a task due on a day reminds its assignee within 24 hours of that day's end in their zone, and when it ends, once each", async () => {
    await at('2030-01-10T00:00:00Z');
    // Auckland is UTC+13 in January: its 15th ends at 11:00 UTC on the 15th, UTC's 13 hours later.
    const kiwi = await userIn('Pacific/Auckland');
    const utc = await userIn(null);
    const { lead, project, feature } = await scene([kiwi, utc]);
    const kiwiTask = await buildTask(server, lead.cookie, feature._id, { title: 'Fix login', assigneeId: kiwi.user.id, dueDate: '2030-01-15' });
    const utcTask = await buildTask(server, lead.cookie, feature._id, { title: 'Write docs', assigneeId: utc.user.id, dueDate: '2030-01-15' });

    await at('2030-01-14T10:59:00Z');
    expect(await remindersOf(kiwi.cookie)).toEqual([]);
    expect(await remindersOf(utc.cookie)).toEqual([]);

    await at('2030-01-14T11:00:00Z');
    const [dueSoon, ...none] = await remindersOf(kiwi.cookie);
    expect(none).toEqual([]);
    expect(dueSoon).toEqual({
      _id: expect.any(String),
      kind: 'DUE_SOON',
      read: false,
      createdAt: '2030-01-14T11:00:00.000Z',
      actor: null,
      task: { _id: kiwiTask._id, title: 'Fix login' },
      project: { _id: project._id, name: 'Website' },
      feature: { _id: feature._id, title: 'Sign-in' },
      text: '“Fix login” in Website › Sign-in is due by the end of Jan 15, 2030',
      url: `/dashboard/projects/${project._id}/features/${feature._id}/task/${kiwiTask._id}`,
      items: [{ kind: 'DUE_SOON', text: '“Fix login” in Website › Sign-in is due by the end of Jan 15, 2030', at: '2030-01-14T11:00:00.000Z' }],
    });
    // UTC's 15th is still more than a day from its end.
    expect(await remindersOf(utc.cookie)).toEqual([]);

    await at('2030-01-15T00:00:00Z');
    expect((await remindersOf(kiwi.cookie)).map((n) => n.kind)).toEqual(['DUE_SOON']);
    expect((await remindersOf(utc.cookie)).map((n) => [n.kind, n.task._id])).toEqual([['DUE_SOON', utcTask._id]]);

    await at('2030-01-15T11:00:00Z');
    const kiwiNow = await remindersOf(kiwi.cookie);
    expect(kiwiNow.map((n) => n.kind)).toEqual(['OVERDUE', 'DUE_SOON']);
    expect(kiwiNow[0]).toMatchObject({ actor: null, task: { _id: kiwiTask._id }, text: '“Fix login” in Website › Sign-in is overdue: it was due Jan 15, 2030' });
    expect((await remindersOf(utc.cookie)).map((n) => n.kind)).toEqual(['DUE_SOON']);

    await at('2030-01-16T00:00:00Z');
    expect((await remindersOf(utc.cookie)).map((n) => n.kind)).toEqual(['OVERDUE', 'DUE_SOON']);
    // Days later, rounds keep running: nothing more.
    await at('2030-01-18T09:00:00Z');
    expect((await remindersOf(kiwi.cookie)).map((n) => n.kind)).toEqual(['OVERDUE', 'DUE_SOON']);
    expect((await remindersOf(utc.cookie)).map((n) => n.kind)).toEqual(['OVERDUE', 'DUE_SOON']);
    // The inbox's filter by kind finds them; the bell counts them.
    expect((await remindersOf(kiwi.cookie, '?kind=OVERDUE')).map((n) => n.task._id)).toEqual([kiwiTask._id]);
    expect((await server.request('GET', '/api/v1/notifications/unread-count', { cookie: kiwi.cookie })).body.data.count).toBeGreaterThanOrEqual(2);
    // The lead, who made and assigned them, is reminded of nothing.
    expect(await remindersOf(lead.cookie)).toEqual([]);
  });

  it("a todo reminds its owner, in the owner's zone, with the todo and a link to the todos", async () => {
    await at('2030-02-01T00:00:00Z');
    const owner = await userIn('America/Los_Angeles');
    const todo = await buildTodo(server, owner.cookie, { title: 'Buy milk', dueDate: '2030-02-05' });
    // Los Angeles is UTC-8: its 5th ends at 08:00 UTC on the 6th.
    await at('2030-02-05T07:59:00Z');
    expect(await remindersOf(owner.cookie)).toEqual([]);
    await at('2030-02-05T08:00:00Z');
    expect(await remindersOf(owner.cookie)).toEqual([
      expect.objectContaining({ kind: 'DUE_SOON', actor: null, todo: { _id: todo._id, title: 'Buy milk' }, text: 'Your todo “Buy milk” is due by the end of Feb 5, 2030', url: `/?todo=${todo._id}` }),
    ]);
    await at('2030-02-06T08:00:00Z');
    const [overdue] = await remindersOf(owner.cookie);
    expect(overdue).toMatchObject({ kind: 'OVERDUE', todo: { _id: todo._id }, text: 'Your todo “Buy milk” is overdue: it was due Feb 5, 2030' });
    expect(overdue.project).toBeUndefined();
    expect(overdue.task).toBeUndefined();
    // Deleting the todo deletes its reminders.
    expect((await server.request('DELETE', `/api/v1/todos/${todo._id}`, { cookie: owner.cookie })).status).toBe(200);
    expect(await remindersOf(owner.cookie)).toEqual([]);
  });

  it('an item already overdue when first seen gets OVERDUE only; one overdue for over a week gets nothing', async () => {
    await at('2030-03-10T12:00:00Z');
    const owner = await userIn(null);
    const { lead, feature } = await scene([owner]);
    const late = await buildTask(server, lead.cookie, feature._id, { title: 'Late', assigneeId: owner.user.id, dueDate: '2030-03-08' });
    await buildTask(server, lead.cookie, feature._id, { title: 'Ancient', assigneeId: owner.user.id, dueDate: '2030-03-01' });
    await buildTodo(server, owner.cookie, { title: 'Ancient todo', dueDate: '2030-03-02' });
    await at('2030-03-10T12:01:00Z');
    expect((await remindersOf(owner.cookie)).map((n) => [n.kind, n.task?._id])).toEqual([['OVERDUE', late._id]]);
  });
});

describe('what is never reminded of', () => {
  it('finished tasks and todos, unassigned tasks, and items without a due date', async () => {
    await at('2030-04-01T00:00:00Z');
    const owner = await userIn(null);
    const { lead, feature } = await scene([owner]);
    await buildTask(server, lead.cookie, feature._id, { assigneeId: owner.user.id, dueDate: '2030-04-03', status: 'COMPLETED' });
    await buildTask(server, lead.cookie, feature._id, { assigneeId: owner.user.id, dueDate: '2030-04-03', status: 'CANCELLED' });
    await buildTask(server, lead.cookie, feature._id, { dueDate: '2030-04-03' });
    await buildTask(server, lead.cookie, feature._id, { assigneeId: owner.user.id });
    await buildTodo(server, owner.cookie, { dueDate: '2030-04-03', status: 'COMPLETED' });
    await buildTodo(server, owner.cookie, { dueDate: '2030-04-03', status: 'CANCELLED' });
    await buildTodo(server, owner.cookie, {});
    // One open task that is then finished after its DUE_SOON: no OVERDUE.
    const open = await buildTask(server, lead.cookie, feature._id, { assigneeId: owner.user.id, dueDate: '2030-04-03' });
    await at('2030-04-03T00:00:00Z');
    expect((await remindersOf(owner.cookie)).map((n) => [n.kind, n.task?._id])).toEqual([['DUE_SOON', open._id]]);
    const done = await server.request('PUT', `/api/v1/tasks/${open._id}`, { cookie: owner.cookie, body: { status: 'COMPLETED' } });
    expect(done.status, done.text).toBe(200);
    await at('2030-04-04T06:00:00Z');
    expect((await remindersOf(owner.cookie)).map((n) => n.kind)).toEqual(['DUE_SOON']);
    expect(await remindersOf(lead.cookie)).toEqual([]);
  });
});

describe('once per due date', () => {
  it('changing the due date re-arms both reminders; changing it back does not repeat them', async () => {
    await at('2030-05-01T00:00:00Z');
    const owner = await userIn(null);
    const { lead, feature } = await scene([owner]);
    const task = await buildTask(server, lead.cookie, feature._id, { title: 'Ship it', assigneeId: owner.user.id, dueDate: '2030-05-03' });
    await at('2030-05-04T01:00:00Z');
    // First seen overdue.
    expect((await remindersOf(owner.cookie)).map((n) => n.kind)).toEqual(['OVERDUE']);

    const moved = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: lead.cookie, body: { dueDate: '2030-05-06' } });
    expect(moved.status, moved.text).toBe(200);
    await at('2030-05-06T12:00:00Z');
    expect((await remindersOf(owner.cookie)).map((n) => n.text)).toEqual([
      '“Ship it” in Website › Sign-in is due by the end of May 6, 2030',
      '“Ship it” in Website › Sign-in is overdue: it was due May 3, 2030',
    ]);
    await at('2030-05-07T00:00:00Z');
    expect((await remindersOf(owner.cookie)).map((n) => n.kind)).toEqual(['OVERDUE', 'DUE_SOON', 'OVERDUE']);

    // Back to the 3rd: those were sent already.
    expect((await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: lead.cookie, body: { dueDate: '2030-05-03' } })).status).toBe(200);
    await at('2030-05-07T00:05:00Z');
    expect(await remindersOf(owner.cookie)).toHaveLength(3);
  });

  it('a todo whose due date changes is reminded again', async () => {
    await at('2030-06-01T00:00:00Z');
    const owner = await userIn(null);
    const todo = await buildTodo(server, owner.cookie, { title: 'Call back', dueDate: '2030-06-02' });
    await at('2030-06-02T00:00:00Z');
    expect((await remindersOf(owner.cookie)).map((n) => n.kind)).toEqual(['DUE_SOON']);
    const moved = await server.request('PUT', `/api/v1/todos/${todo._id}`, { cookie: owner.cookie, body: { ...todo, dueDate: '2030-06-03' } });
    expect(moved.status, moved.text).toBe(200);
    await at('2030-06-03T00:00:00Z');
    expect((await remindersOf(owner.cookie)).map((n) => n.text)).toEqual([
      'Your todo “Call back” is due by the end of Jun 3, 2030',
      'Your todo “Call back” is due by the end of Jun 2, 2030',
    ]);
  });
});

describe('who sees them', () => {
  it("a task's reminder goes to its current assignee only, is hidden once they lose the project, and never collects other events", async () => {
    await at('2030-07-01T00:00:00Z');
    const ann = await userIn(null);
    const bob = await userIn(null);
    const { lead, project, feature } = await scene([ann, bob]);
    const task = await buildTask(server, lead.cookie, feature._id, { title: 'Review', assigneeId: ann.user.id, dueDate: '2030-07-02' });
    await at('2030-07-02T00:00:00Z');
    expect((await remindersOf(ann.cookie)).map((n) => n.kind)).toEqual(['DUE_SOON']);

    // A comment on the task right after: its own notification, not folded into the reminder.
    await buildComment(server, lead.cookie, task._id, 'How is it going?');
    const inbox = await allNotificationsOf(server, ann.cookie);
    expect(inbox.filter((n) => n.task?._id === task._id).map((n) => n.kind).sort()).toEqual(['COMMENT', 'DUE_SOON']);
    expect(inbox.find((n) => n.kind === 'DUE_SOON')!.items).toHaveLength(1);

    // Reassigned to Bob: Bob is reminded on his own; Ann, no longer assigned, gets no OVERDUE.
    expect((await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: lead.cookie, body: { assigneeId: bob.user.id } })).status).toBe(200);
    await at('2030-07-02T00:01:00Z');
    expect((await remindersOf(bob.cookie)).map((n) => n.kind)).toEqual(['DUE_SOON']);
    await at('2030-07-03T00:00:00Z');
    expect((await remindersOf(ann.cookie)).map((n) => n.kind)).toEqual(['DUE_SOON']);
    expect((await remindersOf(bob.cookie)).map((n) => n.kind)).toEqual(['OVERDUE', 'DUE_SOON']);

    // Bob leaves the project: his reminders about it are hidden.
    const removed = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${bob.user.id}`, { cookie: lead.cookie });
    expect(removed.status, removed.text).toBe(200);
    expect(await remindersOf(bob.cookie)).toEqual([]);
  });
});
