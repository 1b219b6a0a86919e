import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeature, buildProject, buildSignedInUser, buildTask, type SignedInUser } from '../../../test/factories.js';
import { notificationsOf } from '../../../test/notifications.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A project led by `lead` (ADMIN) with a MEMBER and a VIEWER, a feature, and a stranger. */
async function scene() {
  const [lead, member, viewer, stranger] = await Promise.all([
    buildSignedInUser(server, { fullName: 'Lead Person' }),
    buildSignedInUser(server, { fullName: 'Member Person' }),
    buildSignedInUser(server),
    buildSignedInUser(server),
  ]);
  const project = await buildProject(server, lead.cookie, {
    name: 'Website',
    members: [
      { userId: member!.user.id, role: 'MEMBER' },
      { userId: viewer!.user.id, role: 'VIEWER' },
    ],
  });
  const feature = await buildFeature(server, lead.cookie, project._id, { title: 'Sign-in' });
  const task = (title: string, overrides: Record<string, unknown> = {}) => buildTask(server, lead.cookie, feature._id, { title, ...overrides });
  return { lead: lead!, member: member!, viewer: viewer!, stranger: stranger!, project, feature, task };
}

const relate = (cookie: string, taskId: string, body: unknown) => server.request('POST', `/api/v1/tasks/${taskId}/relations`, { cookie, body });
const relationsOf = async (cookie: string, taskId: string) => {
  const response = await server.request('GET', `/api/v1/tasks/${taskId}/relations`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Array<Record<string, any>>;
};
const taskOf = async (cookie: string, taskId: string) => (await server.request('GET', `/api/v1/tasks/${taskId}`, { cookie })).body.data;
const setStatus = (cookie: string, taskId: string, status: string) => server.request('PUT', `/api/v1/tasks/${taskId}`, { cookie, body: { status } });

describe('relations between tasks', () => {
  it('adds a BLOCKS by key and lists it from both sides; both histories say so', async () => {
    const { lead, member, task } = await scene();
    const api = await task('Build the API');
    const web = await task('Build the screen');
    const added = await relate(member.cookie, web._id, { type: 'BLOCKED_BY', taskId: api.key.toLowerCase() });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      success: true,
      data: { type: 'BLOCKS', direction: 'incoming', task: { _id: api._id, key: api.key, title: 'Build the API', status: 'TODO', featureId: api.featureId._id } },
    });
    const relationId = added.body.data._id as string;

    expect(await relationsOf(lead.cookie, api._id)).toEqual([
      expect.objectContaining({ _id: relationId, type: 'BLOCKS', direction: 'outgoing', task: expect.objectContaining({ _id: web._id, key: web.key }) }),
    ]);
    // The path names the task by its key too.
    expect(await relationsOf(lead.cookie, web.key)).toEqual([expect.objectContaining({ _id: relationId, direction: 'incoming' })]);

    const [apiEntry] = (await taskOf(lead.cookie, api._id)).history;
    expect(apiEntry).toMatchObject({
      action: 'RELATION_ADDED',
      userId: { _id: member.user.id },
      details: { relationId, type: 'BLOCKS', direction: 'outgoing', task: { _id: web._id, key: web.key, title: 'Build the screen' } },
    });
    const [webEntry] = (await taskOf(lead.cookie, web._id)).history;
    expect(webEntry).toMatchObject({ action: 'RELATION_ADDED', details: { relationId, type: 'BLOCKS', direction: 'incoming', task: { _id: api._id, key: api.key } } });
  });

  it('shows unfinished blockers on the task, its list, its board and /users/tasks until they are done', async () => {
    const { lead, feature, task } = await scene();
    const first = await task('First blocker');
    const second = await task('Second blocker');
    const blocked = await task('Blocked work', { assigneeId: lead.user.id });
    expect((await relate(lead.cookie, first._id, { type: 'BLOCKS', taskId: blocked._id })).status).toBe(201);
    expect((await relate(lead.cookie, blocked._id, { type: 'BLOCKED_BY', taskId: second.key })).status).toBe(201);
    const blockers = [
      { _id: first._id, key: first.key, title: 'First blocker' },
      { _id: second._id, key: second.key, title: 'Second blocker' },
    ];
    const boardCard = async () => {
      const board = await server.request('GET', `/api/v1/tasks/board?featureId=${feature._id}`, { cookie: lead.cookie });
      return board.body.data.columns.flatMap((column: { tasks: unknown[] }) => column.tasks).find((card: { _id: string }) => card._id === blocked._id);
    };
    const listed = async () => {
      const list = await server.request('GET', `/api/v1/tasks?featureId=${feature._id}`, { cookie: lead.cookie });
      return list.body.data.tasks.find((row: { _id: string }) => row._id === blocked._id);
    };
    expect((await taskOf(lead.cookie, blocked._id)).blockedBy).toEqual(blockers);
    expect((await listed()).blockedBy).toEqual(blockers);
    expect((await boardCard()).blockedBy).toEqual(blockers);
    expect((await server.request('GET', '/api/v1/users/tasks', { cookie: lead.cookie })).body.data[0].blockedBy).toEqual(blockers);
    // The blockers themselves are blocked by nothing.
    expect((await taskOf(lead.cookie, first._id)).blockedBy).toEqual([]);

    expect((await setStatus(lead.cookie, first._id, 'COMPLETED')).status).toBe(200);
    expect((await taskOf(lead.cookie, blocked._id)).blockedBy).toEqual([blockers[1]]);
    expect((await setStatus(lead.cookie, second._id, 'CANCELLED')).status).toBe(200);
    expect((await taskOf(lead.cookie, blocked._id)).blockedBy).toEqual([]);
    expect((await boardCard()).blockedBy).toEqual([]);
    // Reopened, it blocks again.
    expect((await setStatus(lead.cookie, first._id, 'REOPEN')).status).toBe(200);
    expect((await listed()).blockedBy).toEqual([blockers[0]]);
  });

  it('removes a relation from either task; both histories say so', async () => {
    const { lead, member, task } = await scene();
    const one = await task('One');
    const two = await task('Two');
    const other = await task('Other');
    const added = await relate(lead.cookie, one._id, { type: 'RELATES_TO', taskId: two._id });
    const relationId = added.body.data._id as string;
    // Not a relation of this task: 404, and nothing is removed.
    expect((await server.request('DELETE', `/api/v1/tasks/${other._id}/relations/${relationId}`, { cookie: member.cookie })).status).toBe(404);
    const removed = await server.request('DELETE', `/api/v1/tasks/${two.key}/relations/${relationId}`, { cookie: member.cookie });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ success: true, message: 'Relation removed successfully' });
    expect(await relationsOf(lead.cookie, one._id)).toEqual([]);
    expect((await taskOf(lead.cookie, one._id)).history[0]).toMatchObject({
      action: 'RELATION_REMOVED',
      userId: { _id: member.user.id },
      details: { relationId, type: 'RELATES_TO', direction: 'outgoing', task: { _id: two._id, key: two.key } },
    });
    expect((await taskOf(lead.cookie, two._id)).history[0]).toMatchObject({ action: 'RELATION_REMOVED', details: { relationId, direction: 'incoming', task: { _id: one._id } } });
    const again = await server.request('DELETE', `/api/v1/tasks/${one._id}/relations/${relationId}`, { cookie: member.cookie });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, message: 'Relation not found' });
  });

  it('refuses a task with itself, another project, tasks the caller cannot see, duplicates and a VIEWER', async () => {
    const { lead, member, viewer, stranger, task } = await scene();
    const one = await task('One');
    const two = await task('Two');
    const elsewhere = await (async () => {
      const project = await buildProject(server, lead.cookie);
      const feature = await buildFeature(server, lead.cookie, project._id);
      return buildTask(server, lead.cookie, feature._id);
    })();
    const hidden = await (async () => {
      const project = await buildProject(server, stranger.cookie);
      const feature = await buildFeature(server, stranger.cookie, project._id);
      return buildTask(server, stranger.cookie, feature._id);
    })();

    const self = await relate(member.cookie, one._id, { type: 'BLOCKS', taskId: one.key });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ success: false, message: 'A task cannot be related to itself', errors: [{ field: 'taskId' }] });
    const across = await relate(lead.cookie, one._id, { type: 'RELATES_TO', taskId: elsewhere._id });
    expect(across.status).toBe(400);
    expect(across.body.message).toBe('Both tasks must be in the same project');
    expect((await relate(lead.cookie, one._id, { type: 'RELATES_TO', taskId: hidden._id })).status).toBe(404);
    expect((await relate(lead.cookie, one._id, { type: 'RELATES_TO', taskId: hidden.key })).status).toBe(404);
    expect((await relate(lead.cookie, one._id, { type: 'RELATES_TO', taskId: 'NOPE-999' })).status).toBe(404);
    expect((await relate(stranger.cookie, one._id, { type: 'RELATES_TO', taskId: two._id })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/tasks/${one._id}/relations`, { cookie: stranger.cookie })).status).toBe(404);
    const refused = await relate(viewer.cookie, one._id, { type: 'RELATES_TO', taskId: two._id });
    expect(refused.status).toBe(403);
    // A VIEWER reads them.
    expect(await relationsOf(viewer.cookie, one._id)).toEqual([]);

    const invalid = await relate(member.cookie, one._id, { type: 'FOLLOWS', taskId: two._id });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0]).toMatchObject({ field: 'type' });
    expect((await relate(member.cookie, one._id, { type: 'BLOCKS', taskId: 'not a task' })).status).toBe(400);

    expect((await relate(member.cookie, one._id, { type: 'RELATES_TO', taskId: two._id })).status).toBe(201);
    // The same pair and type, either way round, is one relation.
    const duplicate = await relate(member.cookie, two._id, { type: 'RELATES_TO', taskId: one._id });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(`${two.key} and ${one.key} already have a RELATES_TO relation`);
    // Another type between the same two is another relation.
    expect((await relate(member.cookie, one._id, { type: 'DUPLICATES', taskId: two._id })).status).toBe(201);
    expect((await relate(member.cookie, two._id, { type: 'DUPLICATED_BY', taskId: one._id })).status).toBe(409);
    expect((await relationsOf(member.cookie, two._id)).map((relation) => [relation.type, relation.direction])).toEqual([
      ['RELATES_TO', 'incoming'],
      ['DUPLICATES', 'incoming'],
    ]);
  });
});

describe('BLOCKS cycles', () => {
  it('refuses a cycle with 409, naming it by task keys', async () => {
    const { lead, task } = await scene();
    const [a, b, c, d] = [await task('A'), await task('B'), await task('C'), await task('D')];
    expect((await relate(lead.cookie, a._id, { type: 'BLOCKS', taskId: b._id })).status).toBe(201);
    expect((await relate(lead.cookie, b._id, { type: 'BLOCKS', taskId: c._id })).status).toBe(201);
    // A diamond is no cycle: A blocks C twice over.
    expect((await relate(lead.cookie, a._id, { type: 'BLOCKS', taskId: d._id })).status).toBe(201);
    expect((await relate(lead.cookie, d._id, { type: 'BLOCKS', taskId: c._id })).status).toBe(201);

    const back = await relate(lead.cookie, b._id, { type: 'BLOCKS', taskId: a._id });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ success: false, code: 'CONFLICT', message: `This would make a cycle of blocking tasks: ${b.key} → ${a.key} → ${b.key}` });
    const around = await relate(lead.cookie, a._id, { type: 'BLOCKED_BY', taskId: c.key });
    expect(around.status).toBe(409);
    expect([`${c.key} → ${a.key} → ${b.key} → ${c.key}`, `${c.key} → ${a.key} → ${d.key} → ${c.key}`].map((cycle) => `This would make a cycle of blocking tasks: ${cycle}`)).toContain(
      around.body.message,
    );
    // Nothing was written for them.
    expect((await relationsOf(lead.cookie, c._id)).length).toBe(2);
    // RELATES_TO is no cycle.
    expect((await relate(lead.cookie, c._id, { type: 'RELATES_TO', taskId: a._id })).status).toBe(201);
  });

  it('of opposite relations sent at once, exactly one lands', async () => {
    const { lead, member, task } = await scene();
    for (let round = 0; round < 4; round++) {
      const [x, y, z] = [await task(`X${round}`), await task(`Y${round}`), await task(`Z${round}`)];
      const answers = await Promise.all([
        relate(lead.cookie, x._id, { type: 'BLOCKS', taskId: y._id }),
        relate(member.cookie, y._id, { type: 'BLOCKS', taskId: z._id }),
        relate(lead.cookie, z._id, { type: 'BLOCKS', taskId: x._id }),
        relate(member.cookie, y._id, { type: 'BLOCKS', taskId: x._id }),
      ]);
      const statuses = answers.map((answer) => answer.status);
      for (const answer of answers) expect([201, 409], answer.text).toContain(answer.status);
      // x→y and y→x cannot both land, nor the three of the triangle.
      expect(statuses[0] === 201 && statuses[3] === 201).toBe(false);
      expect(statuses[0] === 201 && statuses[1] === 201 && statuses[2] === 201).toBe(false);
      const edges = new Set<string>();
      for (const t of [x, y, z]) {
        for (const relation of await relationsOf(lead.cookie, t._id)) {
          if (relation.direction === 'outgoing') edges.add(`${t._id}>${relation.task._id}`);
        }
      }
      expect(edges.size).toBe(statuses.filter((status) => status === 201).length);
      expect(edges.has(`${x._id}>${y._id}`) && edges.has(`${y._id}>${x._id}`)).toBe(false);
    }
  });
});

describe('the last blocker finished', () => {
  it("tells the blocked task's watchers once it has no unfinished blocker left, never the actor", async () => {
    const { lead, member, viewer, task } = await scene();
    const first = await task('Design the schema');
    const second = await task('Agree the API');
    // The member is assigned the blocked task, so watches it; the viewer watches it by choice.
    const blocked = await task('Write the migration', { assigneeId: member.user.id });
    expect((await server.request('PUT', `/api/v1/tasks/${blocked._id}/watch`, { cookie: viewer.cookie })).status).toBe(200);
    expect((await relate(lead.cookie, blocked._id, { type: 'BLOCKED_BY', taskId: first._id })).status).toBe(201);
    expect((await relate(lead.cookie, blocked._id, { type: 'BLOCKED_BY', taskId: second._id })).status).toBe(201);

    const unblockedOf = async (who: SignedInUser) => (await notificationsOf(server, who.cookie, '?kind=UNBLOCKED')) as Array<Record<string, any>>;
    expect((await setStatus(member.cookie, first._id, 'COMPLETED')).status).toBe(200);
    expect(await unblockedOf(viewer)).toEqual([]);

    // The last one, finished by a move on the board.
    const moved = await server.request('POST', `/api/v1/tasks/${second._id}/move`, { cookie: member.cookie, body: { status: 'COMPLETED' } });
    expect(moved.status, moved.text).toBe(200);
    const [told] = await unblockedOf(viewer);
    expect(told).toMatchObject({
      kind: 'UNBLOCKED',
      task: { _id: blocked._id, title: 'Write the migration' },
      actor: { _id: member.user.id, fullName: 'Member Person' },
      text: '“Write the migration” in Website › Sign-in is no longer blocked: Member Person completed “Agree the API”',
    });
    // The member finished it: not told of their own doing. The lead created the blocked task, so watches it.
    expect(await unblockedOf(member)).toEqual([]);
    expect(await unblockedOf(lead)).toHaveLength(1);
    expect((await taskOf(lead.cookie, blocked._id)).blockedBy).toEqual([]);
  });
});
