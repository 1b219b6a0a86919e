import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeature, buildProject, buildSignedInUser, buildTask, buildTodo } from '../../../test/factories.js';
import { notificationsOf } from '../../../test/notifications.js';
import { remindersRanAt, testClock } from '../../../test/reminders.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/*
 * The reminders' once-only rule where it is hardest: across a restart (the app closed and a new
 * one built on the same database, at the same moment) and with two instances at once. The first
 * server owns the database and looks only hourly; the instances under test share its database.
 */
let home: TestServer;
beforeAll(async () => {
  home = await startTestServer();
});
afterAll(async () => {
  await home?.close();
});

const remindersOf = async (cookie: string) => (await notificationsOf(home, cookie, '?limit=100')).filter((n) => n.kind === 'DUE_SOON' || n.kind === 'OVERDUE');

/** An instance on the shared database; its rounds read 5 candidates a transaction, so they page. */
const instance = (clock: ReturnType<typeof testClock>) =>
  startTestServer({}, { databaseUrl: home.databaseUrl, reminders: { intervalMs: 20, now: clock.now, batchSize: 5 } });

async function dueItems(dueDate: string) {
  const ann = await buildSignedInUser(home);
  const lead = await buildSignedInUser(home);
  const project = await buildProject(home, lead.cookie, { members: [{ userId: ann.user.id }] });
  const feature = await buildFeature(home, lead.cookie, project._id);
  const tasks = [];
  for (let index = 0; index < 12; index++) tasks.push((await buildTask(home, lead.cookie, feature._id, { assigneeId: ann.user.id, dueDate }))._id);
  const todos = [];
  for (let index = 0; index < 6; index++) todos.push((await buildTodo(home, ann.cookie, { dueDate }))._id);
  return { ann, tasks, todos };
}

describe('reminders once, whatever happens to the instances', () => {
  it('a restart at the same moment makes no second reminder, and the next one still comes once', async () => {
    const clock = testClock('2031-01-01T00:00:00Z');
    let before: TestServer | undefined = await instance(clock);
    try {
      await remindersRanAt(before, clock, '2031-01-01T00:00:00Z');
      const { ann, tasks, todos } = await dueItems('2031-01-03');
      await remindersRanAt(before, clock, '2031-01-03T00:00:00Z');
      const first = await remindersOf(ann.cookie);
      expect(first).toHaveLength(tasks.length + todos.length);
      await before.close();
      before = undefined;

      // A new app on the same database, with the clock where it was.
      const after = await instance(clock);
      try {
        await remindersRanAt(after, clock, '2031-01-03T00:00:00Z');
        await remindersRanAt(after, clock, '2031-01-03T00:00:30Z');
        expect(await remindersOf(ann.cookie)).toEqual(first);
        await remindersRanAt(after, clock, '2031-01-04T00:00:00Z');
        const now = await remindersOf(ann.cookie);
        expect(now.filter((n) => n.kind === 'OVERDUE')).toHaveLength(tasks.length + todos.length);
        expect(now.filter((n) => n.kind === 'DUE_SOON')).toHaveLength(tasks.length + todos.length);
      } finally {
        await after.close();
      }
    } finally {
      await before?.close();
    }
  });

  it('two instances running at once make each reminder exactly once', async () => {
    const clock = testClock('2031-02-01T00:00:00Z');
    const [first, second] = [await instance(clock), await instance(clock)];
    try {
      await remindersRanAt(first, clock, '2031-02-01T00:00:00Z');
      const { ann, tasks, todos } = await dueItems('2031-02-03');
      await remindersRanAt(first, clock, '2031-02-03T00:00:00Z');
      // Both keep running rounds at that moment for a while.
      await new Promise((resolve) => setTimeout(resolve, 400));
      await remindersRanAt(second, clock, '2031-02-03T00:00:01Z');
      const reminders = await remindersOf(ann.cookie);
      expect(reminders).toHaveLength(tasks.length + todos.length);
      const about = reminders.map((n) => n.task?._id ?? n.todo?._id);
      expect(new Set(about)).toEqual(new Set([...tasks, ...todos]));
      expect(reminders.every((n) => n.kind === 'DUE_SOON')).toBe(true);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
