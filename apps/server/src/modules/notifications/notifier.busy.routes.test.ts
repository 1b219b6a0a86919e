import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildComment, buildFeature, buildProject, buildSignedInUser, buildTask } from '../../../test/factories.js';
import { notificationsOf } from '../../../test/notifications.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// While events keep coming, the notifier starts a round at most once per busy interval
// (decision 044). Here the interval is four seconds, and the sweep too rare to step in.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { notifier: { wakeDelayMs: 50, busyIntervalMs: 4_000, sweepMs: 60_000 } });
});
afterAll(async () => {
  await server?.close();
});

const linesOf = (notification: { text: string }) => notification.text.split('\n');

describe('a busy notifier', () => {
  it('reads what came after a round at the next one, a busy interval later, and loses nothing', async () => {
    const lead = await buildSignedInUser(server, { fullName: 'Busy Lead' });
    const assignee = await buildSignedInUser(server, { fullName: 'Busy Assignee' });
    const project = await buildProject(server, lead.cookie, { name: 'Busy', members: [{ userId: assignee.user.id, role: 'MEMBER' }] });
    const feature = await buildFeature(server, lead.cookie, project._id, { title: 'Queue' });
    const task = await buildTask(server, lead.cookie, feature._id, { title: 'Drain it', assigneeId: assignee.user.id });

    await buildComment(server, lead.cookie, task._id, 'First');
    // Settled: a round has just read the first comment.
    const [told] = (await notificationsOf(server, assignee.cookie)).filter((n) => n.kind !== 'MEMBERSHIP');
    expect(linesOf(told)).toEqual(['Busy Lead commented on “Drain it” in Busy › Queue', 'Busy Lead assigned you “Drain it” in Busy › Queue']);

    await buildComment(server, lead.cookie, task._id, 'Second');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Well within four seconds of that round: the second comment waits for the next one.
    const early = await server.request('GET', '/api/v1/notifications', { cookie: assignee.cookie });
    expect(linesOf(early.body.data.find((n: { kind: string }) => n.kind !== 'MEMBERSHIP'))).toHaveLength(2);

    // The next round tells of it, in the same notification.
    const [later] = (await notificationsOf(server, assignee.cookie)).filter((n) => n.kind !== 'MEMBERSHIP');
    expect(later._id).toBe(told._id);
    expect(linesOf(later)).toEqual([
      'Busy Lead commented on “Drain it” in Busy › Queue',
      'Busy Lead commented on “Drain it” in Busy › Queue',
      'Busy Lead assigned you “Drain it” in Busy › Queue',
    ]);
  });
});
