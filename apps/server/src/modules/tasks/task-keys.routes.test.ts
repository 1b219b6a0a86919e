import { randomUUID } from 'node:crypto';
import type { Project, TaskDetail } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCategory,
  buildFeature,
  buildMatrixFixture,
  buildProject,
  buildTask,
  buildTaskMatrixFixture,
  buildWorkspace,
  cookieFor,
  randomProjectKey,
  statusesByKind,
  type CallerKind,
  type ProjectCast,
} from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

// Issue 18, task keys (decision 028): projects carry a key, tasks a number and a key (WEB-42).

let server: TestServer;
let cast: ProjectCast;

beforeAll(async () => {
  ({ server, cast } = await startScene());
});
afterAll(async () => {
  await server.close();
});

async function createProject(body: Record<string, unknown>, cookie = cast.owner.cookie) {
  const workspace = await buildWorkspace(server, cookie);
  return server.request('POST', '/api/v1/projects', { cookie, body: { workspaceId: workspace._id, ...body } });
}

async function keyOf(name: string): Promise<string> {
  const response = await createProject({ name });
  expect(response.status, response.text).toBe(201);
  return (response.body.data as Project).key;
}

async function getTask(taskIdOrKey: string, cookie = cast.owner.cookie) {
  return server.request('GET', `/api/v1/tasks/${taskIdOrKey}`, { cookie });
}

/** A project of the owner's with a feature and a category, and a way to add tasks to it. */
async function buildTaskPlace(overrides: Record<string, unknown> = {}) {
  const project = await buildProject(server, cast.owner.cookie, overrides);
  const feature = await buildFeature(server, cast.owner.cookie, project._id);
  const category = await buildCategory(server, cast.owner.cookie, { type: 'TASK' });
  const addTask = (title: string, extra: Record<string, unknown> = {}) =>
    buildTask(server, cast.owner.cookie, feature._id, { title, categoryId: category._id, ...extra });
  return { project, feature, category, addTask };
}

describe('project keys', () => {
  it("proposes the name's initials, or a one-word name's first three letters", async () => {
    expect(await keyOf('Quokka Vault')).toBe('QV');
    expect(await keyOf('  jabberwocky  ')).toBe('JAB');
    expect(await keyOf('Crème brûlée & co')).toBe('CBC');
    expect(await keyOf('9')).toMatch(/^PRJ[A-Z]{0,3}$/);
  });

  it('proposes the next free key, the same way every time, when the proposal is taken', async () => {
    const keys = [];
    for (let i = 0; i < 5; i++) keys.push(await keyOf('Quixotic'));
    expect(keys).toEqual(['QUI', 'QUIX', 'QUIXO', 'QUIXOT', 'QUIA']);
  });

  it('gives projects created at the same moment from the same name different keys', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => createProject({ name: 'Yodel Zone' })));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const keys = responses.map((response) => (response.body.data as Project).key);
    expect(new Set(keys).size).toBe(6);
    expect(keys).toContain('YZ');
  });

  it('takes a key sent on create, upper-cased; refuses an invalid one (400) and a taken one (409) on the field', async () => {
    const key = randomProjectKey();
    const created = await createProject({ name: 'Keyed', key: `  ${key.toLowerCase()} ` });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.key).toBe(key);
    const fetched = await server.request('GET', `/api/v1/projects/${created.body.data._id}`, { cookie: cast.owner.cookie });
    expect(fetched.body.data.key).toBe(key);

    for (const invalid of ['Q', 'TOOLONG', 'AB1', 'A-B', 'ÄBC', '', 42]) {
      const refused = await createProject({ name: 'Bad key', key: invalid });
      expect(refused.status, String(invalid)).toBe(400);
      expect(refused.body).toMatchObject({ success: false, errors: [{ field: 'key', message: 'Key must be 2 to 6 letters A–Z' }] });
    }

    const taken = await createProject({ name: 'Copycat', key });
    expect(taken.status).toBe(409);
    const message = `Key ${key} is already used by another project`;
    expect(taken.body).toMatchObject({ success: false, message, errors: [{ field: 'key', message }] });
  });

  it("lets an ADMIN change the key: the tasks' keys follow it and the old ones no longer resolve", async () => {
    const { project, addTask } = await buildTaskPlace({ key: randomProjectKey() });
    const task = await addTask('Renamed along');
    const newKey = randomProjectKey();
    const changed = await server.request('PUT', `/api/v1/projects/${project._id}`, { cookie: cast.owner.cookie, body: { name: project.name, key: newKey } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ key: newKey, version: project.version + 1 });

    expect((await getTask(task._id)).body.data.key).toBe(`${newKey}-1`);
    expect((await getTask(`${newKey}-1`)).body.data._id).toBe(task._id);
    const old = await getTask(task.key);
    expect(old.status).toBe(404);
    expect(old.body).toMatchObject({ success: false, message: 'Task not found' });
  });

  it("refuses another project's key (409), an invalid key (400), and a key change by a MODERATOR (403)", async () => {
    const { project } = await buildMatrixFixture(server, cast, 'MODERATOR');
    const other = await buildProject(server, cast.owner.cookie, { key: randomProjectKey() });
    const put = (cookie: string, body: Record<string, unknown>) =>
      server.request('PUT', `/api/v1/projects/${project._id}`, { cookie, body: { name: project.name, ...body } });

    const taken = await put(cast.admin.cookie, { key: other.key.toLowerCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: `Key ${other.key} is already used by another project`, errors: [{ field: 'key' }] });
    expect((await put(cast.admin.cookie, { key: 'X1' })).status).toBe(400);

    const byModerator = await put(cast.moderator.cookie, { key: randomProjectKey() });
    expect(byModerator.status).toBe(403);
    expect(byModerator.body.message).toBe("Only admins can change the project's key");
    // A MODERATOR may send back the key read with the project: it is no change.
    const sentBack = await put(cast.moderator.cookie, { key: project.key, description: 'Still editable' });
    expect(sentBack.status, sentBack.text).toBe(200);
    expect(sentBack.body.data).toMatchObject({ key: project.key, description: 'Still editable' });
    expect((await server.request('GET', `/api/v1/projects/${project._id}`, { cookie: cast.viewer.cookie })).body.data.key).toBe(project.key);
  });
});

describe('task numbers', () => {
  it('numbers tasks 1, 2, 3 in each project in creation order, and never reuses a number', async () => {
    const first = await buildTaskPlace();
    const second = await buildTaskPlace();
    const [a, b, c] = [await first.addTask('A'), await first.addTask('B'), await first.addTask('C')];
    const elsewhere = await second.addTask('Elsewhere');
    expect([a, b, c].map((task) => [task.number, task.key])).toEqual([
      [1, `${first.project.key}-1`],
      [2, `${first.project.key}-2`],
      [3, `${first.project.key}-3`],
    ]);
    expect([elsewhere.number, elsewhere.key]).toEqual([1, `${second.project.key}-1`]);

    expect((await server.request('DELETE', `/api/v1/tasks/${c._id}`, { cookie: cast.owner.cookie })).status).toBe(200);
    const d = await first.addTask('D');
    expect(d.key).toBe(`${first.project.key}-4`);
    expect((await getTask(c.key)).status).toBe(404);
  });

  it('gives concurrent creates in one project distinct numbers with no gaps', async () => {
    const { project, feature, category } = await buildTaskPlace();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.request('POST', '/api/v1/tasks', {
          cookie: cast.owner.cookie,
          body: { title: `Racing ${i}`, featureId: feature._id, categoryId: category._id },
        }),
      ),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    const numbers = responses.map((response) => (response.body.data as TaskDetail).number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const response of responses) {
      const task = response.body.data as TaskDetail;
      expect(task.key).toBe(`${project.key}-${task.number}`);
      // The create's answer names the number the task was stored with.
      expect((await getTask(task.key)).body.data._id).toBe(task._id);
    }
  });

  it('carries number and key in every answer that carries a task', async () => {
    const { project, feature, addTask } = await buildTaskPlace();
    const task = await addTask('Everywhere', { assigneeId: cast.owner.user.id });
    const expected = { _id: task._id, number: 1, key: `${project.key}-1` };
    const cookie = cast.owner.cookie;

    const saved = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie, body: { title: 'Everywhere, saved' } });
    expect(saved.body.data).toMatchObject(expected);
    expect((await getTask(task._id)).body.data).toMatchObject(expected);
    const list = await server.request('GET', `/api/v1/tasks?featureId=${feature._id}`, { cookie });
    expect(list.body.data.tasks).toEqual([expect.objectContaining(expected)]);
    const board = await server.request('GET', `/api/v1/tasks/board?featureId=${feature._id}`, { cookie });
    const cards = board.body.data.columns.flatMap((column: { tasks: unknown[] }) => column.tasks);
    expect(cards).toEqual([expect.objectContaining(expected)]);
    const assigned = await server.request('GET', '/api/v1/users/tasks', { cookie });
    expect(assigned.body.data).toContainEqual(expect.objectContaining(expected));
  });
});

describe('GET /api/v1/tasks/{key}', () => {
  it('answers exactly as GET by id does, in any case', async () => {
    const { addTask } = await buildTaskPlace();
    await addTask('One');
    const task = await addTask('Two', { description: 'With history' });
    await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: cast.owner.cookie, body: { status: 'IN_REVIEW' } });
    const byId = await getTask(task._id);
    expect(byId.status).toBe(200);
    for (const key of [task.key, task.key.toLowerCase()]) {
      const byKey = await getTask(key);
      expect(byKey.status).toBe(200);
      expect(byKey.text).toBe(byId.text);
    }
    expect(byId.body.data).toMatchObject({ number: 2, key: task.key, status: 'IN_REVIEW' });
  });

  it('is 404 for a key no task has, and 400 for text that is neither an id nor a key', async () => {
    const { project, addTask } = await buildTaskPlace();
    await addTask('Only');
    for (const unknown of [`${project.key}-2`, `${project.key}-999999`, 'ZZZZZZ-1']) {
      const response = await getTask(unknown);
      expect(response.status, unknown).toBe(404);
      expect(response.body).toMatchObject({ success: false, message: 'Task not found' });
    }
    for (const invalid of [`${project.key}-0`, `${project.key}-01`, `${project.key}1`, 'A-1', 'not-a-key-or-id']) {
      const response = await getTask(invalid);
      expect(response.status, invalid).toBe(400);
      expect(response.body.success).toBe(false);
    }
    // The projectId check applies as it does by id.
    const mismatched = await server.request('GET', `/api/v1/tasks/${project.key}-1?projectId=${randomUUID()}`, { cookie: cast.owner.cookie });
    expect(mismatched.status).toBe(404);
  });

  describe('who may read a task by its key', () => {
    it.each(statusesByKind([401, 404, 200, 200, 200, 200, 200, 200]))('%s → %i', async (kind: CallerKind, expected: number) => {
      const { task } = await buildTaskMatrixFixture(server, cast, kind);
      const response = await server.request('GET', `/api/v1/tasks/${task.key}`, { cookie: cookieFor(cast, kind) });
      expect(response.status, response.text).toBe(expected);
      if (expected === 200) expect(response.body.data._id).toBe(task._id);
      else expect(response.body.success).toBe(false);
    });
  });
});
