import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildComment, buildFeature, buildProject, buildSignedInUser, buildTask, signIn } from '../../../test/factories.js';
import { openTestEventStream } from '../../../test/event-stream.js';
import { notificationsOf } from '../../../test/notifications.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/**
 * Two app instances on one database, each running the notifier: every event makes its
 * notifications once (the cursor row is claimed by one instance at a time), and a notification
 * reaches its recipient's stream on either instance, and nobody else's.
 */
describe('notifications with two app instances on one database', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({}, { notifier: { sweepMs: 50 } });
    second = await startTestServer({}, { databaseUrl: first.databaseUrl, notifier: { sweepMs: 50 } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('each event notifies once, whichever instance it was made on, and the recipient hears it live', async () => {
    const lead = await buildSignedInUser(first);
    const ann = await buildSignedInUser(first);
    const bystander = await buildSignedInUser(first);
    const project = await buildProject(first, lead.cookie, { members: [{ userId: ann.user.id }, { userId: bystander.user.id }] });
    const feature = await buildFeature(first, lead.cookie, project._id);
    const annStream = await openTestEventStream(second.url, await signIn(second, ann.user));
    const bystanderStream = await openTestEventStream(first.url, bystander.cookie);
    await Promise.all([annStream.ready(), bystanderStream.ready()]);

    // Many tasks, half made on each instance, each assigned to Ann: one notification each, never two.
    const made: string[] = [];
    for (let index = 0; index < 20; index++) {
      const server = index % 2 ? second : first;
      made.push((await buildTask(server, lead.cookie, feature._id, { assigneeId: ann.user.id }))._id);
    }
    const task = made[0]!;
    for (let index = 0; index < 5; index++) await buildComment(index % 2 ? second : first, lead.cookie, task, `Comment ${index}`);

    const notes = (await notificationsOf(first, ann.cookie, '?limit=100')).filter((note) => note.kind !== 'MEMBERSHIP');
    expect(notes).toHaveLength(20);
    expect(new Set(notes.map((note) => note.task._id))).toEqual(new Set(made));
    const collapsed = notes.find((note) => note.task._id === task)!;
    expect(collapsed.items.map((item: { kind: string }) => item.kind)).toEqual(['COMMENT', 'COMMENT', 'COMMENT', 'COMMENT', 'COMMENT', 'ASSIGNED']);
    expect(await notificationsOf(second, ann.cookie, '?limit=100')).toEqual(await notificationsOf(first, ann.cookie, '?limit=100'));

    const heard = (await annStream.collect(300)).filter((message) => message.event === 'message').map((message) => JSON.parse(message.data));
    expect(heard.filter((event) => event.type === 'notification.created').length).toBeGreaterThanOrEqual(20);
    expect((await bystanderStream.collect(300)).filter((message) => message.event === 'message' && message.data.includes('notification.'))).toEqual([]);
    annStream.close();
    bystanderStream.close();
  });
});
