import { randomUUID } from 'node:crypto';
import type { Category, Feature, TaskDetail } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeature, buildProject, buildTask, type ProjectCast } from '../../../test/factories.js';
import { openTestEventStream } from '../../../test/event-stream.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let cast: ProjectCast;
let feature: Feature;
let category: Category;

beforeAll(async () => {
  ({ server, cast, feature, category } = await startScene({ project: true, feature: { title: 'Planning' }, category: { name: 'Work' } }));
});
afterAll(async () => {
  await server.close();
});

/** A top-level task of the file's feature, made by the member (its category is the member's). */
const buildParent = (overrides: Record<string, unknown> = {}) =>
  buildTask(server, cast.member.cookie, feature._id, { categoryId: category._id, ...overrides });

async function addSubtask(parentTaskId: string, body: Record<string, unknown> = {}, cookie = cast.member.cookie) {
  return server.request('POST', '/api/v1/tasks', { cookie, body: { title: `Step ${randomUUID().slice(0, 6)}`, parentTaskId, ...body } });
}

async function subtaskOf(parentTaskId: string, body: Record<string, unknown> = {}, cookie = cast.member.cookie): Promise<TaskDetail> {
  const response = await addSubtask(parentTaskId, body, cookie);
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

const getTask = (taskId: string, cookie = cast.member.cookie) => server.request('GET', `/api/v1/tasks/${taskId}`, { cookie });

describe('creating a subtask (POST /api/v1/tasks with parentTaskId)', () => {
  it('needs just a title: it takes its parent\'s feature and category, and says whose subtask it is', async () => {
    const parent = await buildParent({ title: 'Launch' });
    const subtask = await subtaskOf(parent._id, { title: 'Write the post' });
    expect(subtask).toMatchObject({
      title: 'Write the post',
      parentTaskId: parent._id,
      parentTask: { _id: parent._id, key: parent.key, title: 'Launch' },
      featureId: { _id: feature._id },
      categoryId: { _id: category._id },
      subtasks: { total: 0, completed: 0 },
      status: 'TODO',
    });
    expect(parent).toMatchObject({ parentTaskId: null, parentTask: null, subtasks: { total: 0, completed: 0 } });
    const read = await getTask(subtask._id);
    expect(read.body.data).toMatchObject({ parentTaskId: parent._id, parentTask: { _id: parent._id, key: parent.key } });
  });

  it("takes the parent's category though another member chose it", async () => {
    const parent = await buildParent();
    const subtask = await subtaskOf(parent._id, {}, cast.admin.cookie);
    expect(subtask.categoryId?._id).toBe(category._id);
  });

  it('refuses a subtask of a subtask (one level deep) with 400 on parentTaskId', async () => {
    const parent = await buildParent();
    const subtask = await subtaskOf(parent._id);
    const response = await addSubtask(subtask._id);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, message: expect.stringMatching(/subtask cannot have subtasks/i) });
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'parentTaskId' })]);
  });

  it("refuses a parent in another feature than the one named", async () => {
    const parent = await buildParent();
    const other = await buildFeature(server, cast.admin.cookie, parent.projectId._id);
    const response = await addSubtask(parent._id, { featureId: other._id, categoryId: category._id });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'parentTaskId', message: "A subtask must be in its parent's feature" }]);
  });

  it('refuses a parent that does not exist, or that the caller cannot see, alike', async () => {
    const missing = await addSubtask(randomUUID());
    const hidden = await buildProject(server, cast.stranger.cookie);
    const hiddenFeature = await buildFeature(server, cast.stranger.cookie, hidden._id);
    const hiddenTask = await buildTask(server, cast.stranger.cookie, hiddenFeature._id);
    const invisible = await addSubtask(hiddenTask._id, { categoryId: category._id });
    for (const response of [missing, invisible]) {
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ field: 'parentTaskId', message: 'Parent task not found' }]);
    }
  });

  it('is refused to a viewer, as any task is', async () => {
    const parent = await buildParent();
    const response = await addSubtask(parent._id, {}, cast.viewer.cookie);
    expect(response.status).toBe(403);
  });

  it('still needs featureId and categoryId on a top-level task', async () => {
    const response = await server.request('POST', '/api/v1/tasks', { cookie: cast.member.cookie, body: { title: 'Alone' } });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['categoryId', 'featureId']);
  });
});

describe('progress', () => {
  it('counts the subtasks and those completed on the detail, the list and the board', async () => {
    const parent = await buildParent({ title: `Progress ${randomUUID().slice(0, 6)}` });
    const [first, second] = [await subtaskOf(parent._id), await subtaskOf(parent._id)];
    await subtaskOf(parent._id, { status: 'CANCELLED' });
    const done = await server.request('PUT', `/api/v1/tasks/${first._id}`, { cookie: cast.member.cookie, body: { status: 'COMPLETED', version: first.version } });
    expect(done.status, done.text).toBe(200);
    void second;
    expect((await getTask(parent._id)).body.data.subtasks).toEqual({ total: 3, completed: 1 });
    const list = await server.request('GET', `/api/v1/tasks?featureId=${feature._id}&search=${encodeURIComponent(parent.title)}`, { cookie: cast.viewer.cookie });
    expect(list.body.data.tasks.find((task: TaskDetail) => task._id === parent._id).subtasks).toEqual({ total: 3, completed: 1 });
    const board = await server.request('GET', `/api/v1/tasks/board?featureId=${feature._id}&limit=500`, { cookie: cast.viewer.cookie });
    const cards = board.body.data.columns.flatMap((column: { tasks: unknown[] }) => column.tasks);
    expect(cards.find((card: { _id: string }) => card._id === parent._id).subtasks).toEqual({ total: 3, completed: 1 });
    expect(cards.find((card: { _id: string }) => card._id === first._id)).toMatchObject({ parentTaskId: parent._id, parentTask: { key: parent.key } });
  });

  it('leaves subtasks out of the list and the board with hideSubtasks=true', async () => {
    const ownFeature = await buildFeature(server, cast.admin.cookie, (await buildParent()).projectId._id);
    const parent = await buildTask(server, cast.member.cookie, ownFeature._id, { categoryId: category._id });
    const subtask = await subtaskOf(parent._id);
    const all = await server.request('GET', `/api/v1/tasks?featureId=${ownFeature._id}`, { cookie: cast.member.cookie });
    expect(all.body.data.tasks.map((task: TaskDetail) => task._id).sort()).toEqual([parent._id, subtask._id].sort());
    const hidden = await server.request('GET', `/api/v1/tasks?featureId=${ownFeature._id}&hideSubtasks=true`, { cookie: cast.member.cookie });
    expect(hidden.body.total).toBe(1);
    expect(hidden.body.data.tasks.map((task: TaskDetail) => task._id)).toEqual([parent._id]);
    const board = await server.request('GET', `/api/v1/tasks/board?featureId=${ownFeature._id}&hideSubtasks=true`, { cookie: cast.member.cookie });
    expect(board.body.total).toBe(1);
  });
});

describe('GET and PUT /api/v1/tasks/{id}/subtasks', () => {
  it('lists the subtasks in their order, new ones last, and reorders them', async () => {
    const parent = await buildParent();
    const [a, b, c] = [await subtaskOf(parent._id, { title: 'A' }), await subtaskOf(parent._id, { title: 'B' }), await subtaskOf(parent._id, { title: 'C' })];
    const listed = await server.request('GET', `/api/v1/tasks/${parent._id}/subtasks`, { cookie: cast.viewer.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((task: TaskDetail) => task.title)).toEqual(['A', 'B', 'C']);
    const reordered = await server.request('PUT', `/api/v1/tasks/${parent._id}/subtasks/order`, { cookie: cast.member.cookie, body: { subtaskIds: [c._id, a._id, b._id] } });
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.body).toEqual({ success: true, message: 'Subtasks reordered successfully', data: { subtaskIds: [c._id, a._id, b._id] } });
    const after = await server.request('GET', `/api/v1/tasks/${parent._id}/subtasks`, { cookie: cast.member.cookie });
    expect(after.body.data.map((task: TaskDetail) => task.title)).toEqual(['C', 'A', 'B']);
  });

  it('refuses an order that is not exactly the subtasks with 409, and changes nothing', async () => {
    const parent = await buildParent();
    const [a, b] = [await subtaskOf(parent._id, { title: 'A' }), await subtaskOf(parent._id, { title: 'B' })];
    const stranger = await buildParent();
    for (const subtaskIds of [[b._id], [b._id, stranger._id], [b._id, a._id, stranger._id]]) {
      const response = await server.request('PUT', `/api/v1/tasks/${parent._id}/subtasks/order`, { cookie: cast.member.cookie, body: { subtaskIds } });
      expect(response.status).toBe(409);
    }
    const repeated = await server.request('PUT', `/api/v1/tasks/${parent._id}/subtasks/order`, { cookie: cast.member.cookie, body: { subtaskIds: [a._id, a._id] } });
    expect(repeated.status).toBe(400);
    const after = await server.request('GET', `/api/v1/tasks/${parent._id}/subtasks`, { cookie: cast.member.cookie });
    expect(after.body.data.map((task: TaskDetail) => task.title)).toEqual(['A', 'B']);
  });

  it('answers 404 to someone outside the project and 403 to a viewer reordering', async () => {
    const parent = await buildParent();
    const subtask = await subtaskOf(parent._id);
    expect((await server.request('GET', `/api/v1/tasks/${parent._id}/subtasks`, { cookie: cast.stranger.cookie })).status).toBe(404);
    const body = { subtaskIds: [subtask._id] };
    expect((await server.request('PUT', `/api/v1/tasks/${parent._id}/subtasks/order`, { cookie: cast.viewer.cookie, body })).status).toBe(403);
    expect((await server.request('PUT', `/api/v1/tasks/${parent._id}/subtasks/order`, { cookie: cast.stranger.cookie, body })).status).toBe(404);
  });
});

describe('history on the parent', () => {
  it('records SUBTASK_ADDED and SUBTASK_REMOVED, naming the subtask', async () => {
    const parent = await buildParent();
    const subtask = await subtaskOf(parent._id, { title: 'Temporary' });
    const removed = await server.request('DELETE', `/api/v1/tasks/${subtask._id}`, { cookie: cast.member.cookie });
    expect(removed.status).toBe(200);
    const history = (await getTask(parent._id)).body.data.history as TaskDetail['history'];
    const named = { _id: subtask._id, key: subtask.key, title: 'Temporary' };
    expect(history.map((entry) => entry.action)).toEqual(['SUBTASK_REMOVED', 'SUBTASK_ADDED', 'CREATED']);
    expect(history[0]).toMatchObject({ details: { subtask: named }, userId: { _id: cast.member.user.id } });
    expect(history[1]).toMatchObject({ details: { subtask: named } });
    expect((await getTask(parent._id)).body.data.subtasks).toEqual({ total: 0, completed: 0 });
  });
});

describe('deleting a parent', () => {
  it('keeps its subtasks as top-level tasks by default (the DELETE of the spec), with a new version', async () => {
    const parent = await buildParent();
    const subtask = await subtaskOf(parent._id);
    const response = await server.request('DELETE', `/api/v1/tasks/${parent._id}`, { cookie: cast.member.cookie });
    expect(response.status).toBe(200);
    expect((await getTask(parent._id)).status).toBe(404);
    const kept = (await getTask(subtask._id)).body.data;
    expect(kept).toMatchObject({ parentTaskId: null, parentTask: null, version: subtask.version + 1 });
  });

  it('keeps them with subtasks=keep too', async () => {
    const parent = await buildParent();
    const subtask = await subtaskOf(parent._id);
    expect((await server.request('DELETE', `/api/v1/tasks/${parent._id}?subtasks=keep`, { cookie: cast.member.cookie })).status).toBe(200);
    expect((await getTask(subtask._id)).body.data.parentTaskId).toBeNull();
  });

  it('deletes them with subtasks=delete', async () => {
    const parent = await buildParent();
    const [a, b] = [await subtaskOf(parent._id), await subtaskOf(parent._id)];
    const unrelated = await buildParent();
    const response = await server.request('DELETE', `/api/v1/tasks/${parent._id}?subtasks=delete`, { cookie: cast.member.cookie });
    expect(response.status, response.text).toBe(200);
    for (const task of [parent, a, b]) expect((await getTask(task._id)).status).toBe(404);
    expect((await getTask(unrelated._id)).status).toBe(200);
  });

  it("refuses subtasks=delete to a member when someone else created a subtask, and deletes nothing", async () => {
    const parent = await buildParent();
    const othersSubtask = await subtaskOf(parent._id, {}, cast.admin.cookie);
    const response = await server.request('DELETE', `/api/v1/tasks/${parent._id}?subtasks=delete`, { cookie: cast.member.cookie });
    expect(response.status).toBe(403);
    expect((await getTask(parent._id)).status).toBe(200);
    expect((await getTask(othersSubtask._id)).status).toBe(200);
    const moderator = await server.request('DELETE', `/api/v1/tasks/${parent._id}?subtasks=delete`, { cookie: cast.moderator.cookie });
    expect(moderator.status).toBe(200);
    expect((await getTask(othersSubtask._id)).status).toBe(404);
  });

  it('refuses another value of subtasks with 400', async () => {
    const parent = await buildParent();
    const response = await server.request('DELETE', `/api/v1/tasks/${parent._id}?subtasks=maybe`, { cookie: cast.member.cookie });
    expect(response.status).toBe(400);
    expect((await getTask(parent._id)).status).toBe(200);
  });
});

describe('editing (PUT /api/v1/tasks/{id})', () => {
  it('accepts the current parent sent back, and refuses another or none with 400', async () => {
    const parent = await buildParent();
    const other = await buildParent();
    const subtask = await subtaskOf(parent._id);
    const same = await server.request('PUT', `/api/v1/tasks/${subtask._id}`, { cookie: cast.member.cookie, body: { ...subtask, title: 'Renamed' } });
    expect(same.status, same.text).toBe(200);
    expect(same.body.data).toMatchObject({ title: 'Renamed', parentTaskId: parent._id });
    for (const parentTaskId of [other._id, null]) {
      const response = await server.request('PUT', `/api/v1/tasks/${subtask._id}`, { cookie: cast.member.cookie, body: { parentTaskId } });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'parentTaskId' })]);
    }
    const topLevel = await server.request('PUT', `/api/v1/tasks/${other._id}`, { cookie: cast.member.cookie, body: { parentTaskId: parent._id } });
    expect(topLevel.status).toBe(400);
  });

  it('keeps a subtask and a parent in their feature', async () => {
    const parent = await buildParent();
    const subtask = await subtaskOf(parent._id);
    const elsewhere = await buildFeature(server, cast.admin.cookie, parent.projectId._id);
    for (const task of [parent, subtask]) {
      const response = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: cast.member.cookie, body: { featureId: elsewhere._id } });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'featureId' })]);
    }
  });
});

describe('live events', () => {
  it('a reorder tells the parent changed; deleting a parent with its subtasks tells of each one deleted', async () => {
    const parent = await buildParent();
    const [a, b] = [await subtaskOf(parent._id), await subtaskOf(parent._id)];
    const stream = await openTestEventStream(server.url, cast.viewer.cookie);
    await stream.ready();
    const reordered = await server.request('PUT', `/api/v1/tasks/${parent._id}/subtasks/order`, { cookie: cast.member.cookie, body: { subtaskIds: [b._id, a._id] } });
    expect(reordered.status).toBe(200);
    expect(await stream.nextChange()).toMatchObject({ type: 'task.updated', taskId: parent._id, featureId: feature._id, version: parent.version });
    expect((await server.request('DELETE', `/api/v1/tasks/${parent._id}?subtasks=delete`, { cookie: cast.member.cookie })).status).toBe(200);
    const deleted = [await stream.nextChange(), await stream.nextChange(), await stream.nextChange()];
    expect(deleted.map((event) => event?.type)).toEqual(['task.deleted', 'task.deleted', 'task.deleted']);
    expect(deleted.map((event) => event?.taskId).sort()).toEqual([parent._id, a._id, b._id].sort());
    stream.close();
  });
});
