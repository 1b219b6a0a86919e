import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildFeature, buildProject, buildSignedInUser, signIn } from '../../../test/factories.js';
import { openTestEventStream } from '../../../test/event-stream.js';
import { notifierSettled } from '../../../test/notifications.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/**
 * Two app instances on one PostgreSQL database, as behind a load balancer: a change made through
 * one reaches a client of the other (LISTEN/NOTIFY), and event ids are the same on both, so a
 * client that reconnects to the other instance resumes where it was. PostgreSQL only (the
 * PostgreSQL pass of npm test, and CI); PGlite serves one process.
 */
describe('two app instances on one database', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer({}, { databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a change made through one instance reaches a client connected to the other, and resumes there too', async () => {
    const lead = await buildSignedInUser(first);
    const teammate = await buildSignedInUser(first);
    const stranger = await buildSignedInUser(first);
    const project = await buildProject(first, lead.cookie, { members: [{ userId: teammate.user.id, role: 'MEMBER' }] });
    const feature = await buildFeature(first, lead.cookie, project._id);
    const category = await buildCategory(first, lead.cookie, { type: 'TASK' });

    // Joining the project notifies the teammate; that notification's own event must not be taken
    // for the next change below, so the notifier has caught up before the streams open.
    await notifierSettled(first);
    // The teammate's session works on either instance (sessions live in the database).
    const onSecond = await openTestEventStream(second.url, await signIn(second, teammate.user));
    const strangerOnSecond = await openTestEventStream(second.url, stranger.cookie);
    await Promise.all([onSecond.ready(), strangerOnSecond.ready()]);

    const created = await first.request('POST', '/api/v1/tasks', {
      cookie: lead.cookie,
      body: { title: 'Made on the first', featureId: feature._id, categoryId: category._id },
    });
    expect(created.status).toBe(201);
    const event = await onSecond.nextChange(5_000);
    expect(event).toMatchObject({ type: 'task.created', taskId: created.body.data._id, projectId: project._id, actorId: lead.user.id });

    // Resuming on the first instance after that id: the same ids, so only what came after.
    const renamed = await second.request('PUT', `/api/v1/tasks/${created.body.data._id}`, { cookie: lead.cookie, body: { title: 'Renamed' } });
    expect(renamed.status).toBe(200);
    const live = await onSecond.nextChange(5_000);
    expect(live).toMatchObject({ type: 'task.updated', version: 2 });
    onSecond.close();
    const resumed = await openTestEventStream(first.url, teammate.cookie, { lastEventId: event!.id });
    const replay = (await resumed.ready()).map((message) => JSON.parse(message.data)).filter((data) => Number(data.id) > Number(event!.id));
    expect(replay.map((data) => [data.id, data.type])).toEqual([[live!.id, 'task.updated']]);
    resumed.close();

    expect((await strangerOnSecond.collect(500)).filter((message) => message.event === 'message')).toEqual([]);
    strangerOnSecond.close();
  });

  it('an instance that loses its LISTEN connection reopens it and hands out what was committed meanwhile', async () => {
    const user = await buildSignedInUser(first);
    const stream = await openTestEventStream(second.url, user.cookie);
    await stream.ready();
    // Every listening connection of this database is cut (as a database failover would).
    await second.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
    );
    const made = await first.request('POST', '/api/v1/workspaces', { cookie: user.cookie, body: { name: 'While away' } });
    expect(made.status).toBe(201);
    expect(await stream.nextChange(10_000)).toMatchObject({ type: 'workspace.created', entityId: made.body.data._id });
    // And it listens again: the next change arrives as usual.
    const next = await first.request('POST', '/api/v1/workspaces', { cookie: user.cookie, body: { name: 'Back' } });
    expect(await stream.nextChange(10_000)).toMatchObject({ type: 'workspace.created', entityId: next.body.data._id });
    stream.close();
  });
});
