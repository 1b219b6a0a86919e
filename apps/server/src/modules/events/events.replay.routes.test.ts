import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProjectMember, buildCategory, buildComment, buildSignedInUser, buildTeamWithTask } from '../../../test/factories.js';
import { changesIn, messagesBeforeReady, openTestEventStream } from '../../../test/event-stream.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/**
 * A replay (Last-Event-ID) resends only what the user may see now (issue 13 §7). A replay also
 * resends the events of the seconds before the resume point (a slow commit may have taken a
 * lower id); those used to be applied to what the user may see as if they were new, so a
 * membership that ended while the client was away came back for the length of the replay.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await server.close();
});

/** The id of the newest event, read from a fresh stream's ready (where a client stands). */
async function position(cookie: string) {
  const stream = await openTestEventStream(server.url, cookie);
  const ready = await stream.next();
  stream.close();
  return ready!.id!;
}

/** Reconnects after `lastEventId`; returns what came before `ready`. */
const resume = (cookie: string, lastEventId: string) => messagesBeforeReady(server.url, cookie, { lastEventId });

const buildTeam = () => buildTeamWithTask(server);

describe('replay after Last-Event-ID: only what the user may see now', () => {
  it("a removed member's replay carries nothing of the project, not even what was written just before the removal or inside the overlap window: it resets", async () => {
    const { owner, member, project, task } = await buildTeam();
    const lastSeen = await position(member.cookie);
    // While the member is away: work in the project, then their removal.
    expect((await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: owner.cookie, body: { title: 'Renamed' } })).status).toBe(200);
    await buildComment(server, owner.cookie, task._id);
    const removed = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${member.user.id}`, { cookie: owner.cookie });
    expect(removed.status).toBe(200);

    const replayed = await resume(member.cookie, lastSeen);
    expect(changesIn(replayed).filter((event) => event.projectId === project._id)).toEqual([]);
    // What the client shows of the project is stale: it refetches everything (and gets 404s).
    expect(replayed.map((message) => message.event)).toEqual(['reset']);
  });

  it('a project deleted while its member was away: nothing of it is replayed, overlap window included; what they still see is', async () => {
    const { owner, member, project, task } = await buildTeam();
    const lastSeen = await position(member.cookie);
    expect((await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: owner.cookie, body: { priority: 'HIGH' } })).status).toBe(200);
    expect((await server.request('DELETE', `/api/v1/projects/${project._id}`, { cookie: owner.cookie })).status).toBe(200);
    const own = await buildCategory(server, member.cookie);

    const events = changesIn(await resume(member.cookie, lastSeen));
    expect(events.filter((event) => event.projectId === project._id)).toEqual([]);
    expect(events.filter((event) => Number(event.id) > Number(lastSeen)).map((event) => [event.type, event.entityId])).toEqual([
      ['category.created', own._id],
    ]);
  });

  it("a member added while away gets the project's missed events, their own addition first", async () => {
    const { owner, project, task } = await buildTeam();
    const newcomer = await buildSignedInUser(server);
    const lastSeen = await position(newcomer.cookie);
    await addProjectMember(server, owner.cookie, project._id, newcomer.user.id, 'VIEWER');
    const comment = await buildComment(server, owner.cookie, task._id);

    const events = changesIn(await resume(newcomer.cookie, lastSeen)).filter((event) => Number(event.id) > Number(lastSeen));
    expect(events.map((event) => [event.type, event.entityId])).toEqual([
      ['member.added', expect.any(String)],
      ['comment.created', comment._id],
    ]);
    expect(events[0]).toMatchObject({ userId: newcomer.user.id, projectId: project._id });
  });
});
