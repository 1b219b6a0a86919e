import { taskStatuses, type BoardColumn, type TaskStatus } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsOf } from '../../../test/board.js';
import { buildCategory, buildFeature, buildTask, type SignedInUser } from '../../../test/factories.js';
import { openTestEventStream } from '../../../test/event-stream.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let lead: SignedInUser;
let member: SignedInUser;
let viewer: SignedInUser;
let stranger: SignedInUser;
let projectId: string;

beforeAll(async () => {
  // The lead is the project's owner (its creator, so an ADMIN).
  const scene = await startScene({ project: true });
  ({ server, cast: { owner: lead, member, viewer, stranger } } = scene);
  projectId = scene.project._id;
});
afterAll(async () => {
  await server.close();
});

/** A fresh feature with tasks titled as given, made in that order (so the last made is on top). */
async function buildBoard(titles: string[], overrides: Record<string, unknown> = {}) {
  const feature = await buildFeature(server, lead.cookie, projectId);
  const category = await buildCategory(server, lead.cookie, { type: 'TASK' });
  const tasks: Record<string, string> = {};
  for (const title of titles) {
    tasks[title] = (await buildTask(server, lead.cookie, feature._id, { title, categoryId: category._id, ...overrides }))._id;
  }
  return { feature, tasks };
}

type BoardBody = { data: { columns: BoardColumn[]; statistics: Record<string, number> }; total: number };

async function board(featureId: string, cookie = lead.cookie, query = '') {
  const response = await server.request('GET', `/api/v1/tasks/board?featureId=${featureId}${query}`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body as BoardBody;
}

/** The titles of one column, top to bottom. */
async function column(featureId: string, status: TaskStatus) {
  return cardsOf(await board(featureId)).filter((task) => task.status === status).map((task) => task.title);
}

const move = (taskId: string, body: Record<string, unknown>, cookie = member.cookie) =>
  server.request('POST', `/api/v1/tasks/${taskId}/move`, { cookie, body });

async function historyOf(taskId: string) {
  const response = await server.request('GET', `/api/v1/tasks/${taskId}`, { cookie: lead.cookie });
  return response.body.data as { history: Array<{ action: string; details: unknown }>; version: number; status: string };
}

describe('GET /api/v1/tasks/board', () => {
  it("answers every task of the feature as a card, newest first in each column, with the feature's statistics", async () => {
    const { feature, tasks } = await buildBoard(['First', 'Second', 'Third']);
    const done = await server.request('PUT', `/api/v1/tasks/${tasks.Second}`, { cookie: lead.cookie, body: { status: 'COMPLETED' } });
    expect(done.status).toBe(200);
    const answer = await board(feature._id, viewer.cookie);
    expect(answer.total).toBe(3);
    expect(answer.data.statistics).toMatchObject({ total: 3, todo: 2, completed: 1 });
    // Every column in the statuses' order, each with its count and no more to load.
    expect(answer.data.columns.map((column) => column.status)).toEqual([...taskStatuses]);
    expect(answer.data.columns.map((column) => [column.status, column.total, column.nextCursor])).toContainEqual(['TODO', 2, null]);
    expect(cardsOf(answer).map((task) => [task.title, task.status])).toEqual([
      ['Third', 'TODO'],
      ['First', 'TODO'],
      ['Second', 'COMPLETED'],
    ]);
    expect(Object.keys(answer.data.columns[0]!.tasks[0]!).sort()).toEqual(
      [
        '_id',
        'assigneeId',
        'blockedBy',
        'boardRank',
        'dueDate',
        'isOverdue',
        'key',
        'number',
        'priority',
        'tags',
        'title',
        'version',
        'parentTaskId',
        'parentTask',
        'subtasks',
      ].sort(),
    );
  });

  it('shows the assignee, due date, overdue marker and tags a card needs', async () => {
    const { feature } = await buildBoard(['Late'], { assigneeId: member.user.id, dueDate: '2020-01-02', tags: ['api', 'urgent'], priority: 'HIGH' });
    const [card] = cardsOf(await board(feature._id));
    expect(card).toMatchObject({
      title: 'Late',
      priority: 'HIGH',
      assigneeId: { _id: member.user.id, fullName: member.user.fullName, avatar: null },
      dueDate: '2020-01-02T00:00:00.000Z',
      isOverdue: true,
      tags: ['api', 'urgent'],
      version: 1,
    });
  });

  it('is 401 signed out, 404 for a stranger or an unknown feature, 400 without a feature id', async () => {
    const { feature } = await buildBoard([]);
    expect((await server.request('GET', `/api/v1/tasks/board?featureId=${feature._id}`)).status).toBe(401);
    expect((await server.request('GET', `/api/v1/tasks/board?featureId=${feature._id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/tasks/board?featureId=${crypto.randomUUID()}`, { cookie: lead.cookie })).status).toBe(404);
    expect((await server.request('GET', '/api/v1/tasks/board', { cookie: lead.cookie })).status).toBe(400);
  });

  it('refuses a search longer than 200 characters with the field named', async () => {
    const { feature } = await buildBoard(['A']);
    const response = await server.request('GET', `/api/v1/tasks/board?featureId=${feature._id}&search=${'x'.repeat(201)}`, { cookie: lead.cookie });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, errors: [{ field: 'search', message: 'search must be at most 200 characters' }] });
  });
});

describe('POST /api/v1/tasks/:taskId/move', () => {
  it('orders cards within a column, keeps that order, and writes no history nor a new version', async () => {
    const { feature, tasks } = await buildBoard(['A', 'B', 'C', 'D']);
    expect(await column(feature._id, 'TODO')).toEqual(['D', 'C', 'B', 'A']);
    // A to the top, then B between D and C, then D to the bottom.
    const toTop = await move(tasks.A!, { beforeId: tasks.D });
    expect(toTop.status, toTop.text).toBe(200);
    expect(toTop.body).toMatchObject({ success: true, message: 'Task moved successfully', data: { _id: tasks.A, status: 'TODO', version: 1 } });
    expect((await move(tasks.B!, { afterId: tasks.D, beforeId: tasks.C })).status).toBe(200);
    expect((await move(tasks.D!, { afterId: tasks.C })).status).toBe(200);
    expect(await column(feature._id, 'TODO')).toEqual(['A', 'B', 'C', 'D']);
    // Kept: a later read says the same.
    expect(await column(feature._id, 'TODO')).toEqual(['A', 'B', 'C', 'D']);
    const history = await historyOf(tasks.A!);
    expect(history.history.map((entry) => entry.action)).toEqual(['CREATED']);
    expect(history.version).toBe(1);
  });

  it('a move to another column changes the status with history and a new version, at the place asked', async () => {
    const { feature, tasks } = await buildBoard(['One', 'Two', 'Three']);
    expect((await move(tasks.One!, { status: 'IN_PROGRESS', version: 1 })).body.data).toMatchObject({ status: 'IN_PROGRESS', version: 2 });
    const second = await move(tasks.Three!, { status: 'IN_PROGRESS', afterId: tasks.One, version: 1 });
    expect(second.status, second.text).toBe(200);
    expect(await column(feature._id, 'IN_PROGRESS')).toEqual(['One', 'Three']);
    expect(await column(feature._id, 'TODO')).toEqual(['Two']);
    const blocked = await move(tasks.Two!, { status: 'BLOCK', beforeId: null });
    expect(blocked.body.data).toMatchObject({ status: 'BLOCKED', version: 2 });
    const detail = await historyOf(tasks.Three!);
    expect(detail.status).toBe('IN_PROGRESS');
    expect(detail.history[0]).toMatchObject({ action: 'STATUS_CHANGED', details: { from: 'TODO', to: 'IN_PROGRESS' } });
    expect((await historyOf(tasks.Two!)).history[0]).toMatchObject({ action: 'BLOCKED', details: { from: 'TODO', reason: null } });
  });

  it('many moves into the same gap keep landing exactly there', async () => {
    const { feature, tasks } = await buildBoard(['Bottom', 'Top', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6']);
    await move(tasks.Top!, { beforeId: tasks.M6 });
    await move(tasks.Bottom!, { afterId: tasks.M1 });
    // Each next card goes right under Top: the gap under it is split again and again.
    for (const title of ['M1', 'M2', 'M3', 'M4', 'M5', 'M6']) {
      const response = await move(tasks[title]!, { afterId: tasks.Top });
      expect(response.status, response.text).toBe(200);
    }
    expect(await column(feature._id, 'TODO')).toEqual(['Top', 'M6', 'M5', 'M4', 'M3', 'M2', 'M1', 'Bottom']);
  });

  it('publishes task.moved to the members, with the version', async () => {
    const { feature, tasks } = await buildBoard(['Moved', 'Other']);
    const stream = await openTestEventStream(server.url, viewer.cookie);
    await stream.ready();
    expect((await move(tasks.Moved!, { beforeId: tasks.Other })).status).toBe(200);
    expect((await move(tasks.Moved!, { status: 'IN_REVIEW' })).status).toBe(200);
    expect(await stream.nextChange()).toMatchObject({ type: 'task.moved', taskId: tasks.Moved, featureId: feature._id, version: 1 });
    expect(await stream.nextChange()).toMatchObject({ type: 'task.moved', taskId: tasks.Moved, version: 2 });
    stream.close();
  });

  it('a stale version is 409 and moves nothing', async () => {
    const { feature, tasks } = await buildBoard(['Edited']);
    await server.request('PUT', `/api/v1/tasks/${tasks.Edited}`, { cookie: lead.cookie, body: { title: 'Edited again' } });
    const stale = await move(tasks.Edited!, { status: 'COMPLETED', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, code: 'CONFLICT', message: 'This task was changed by someone else. Reload to see the latest version.' });
    expect(await column(feature._id, 'COMPLETED')).toEqual([]);
  });

  it('VIEWERs may not move (403), strangers do not see the task (404), signed out is 401', async () => {
    const { feature, tasks } = await buildBoard(['Fixed', 'Other']);
    const viewing = await move(tasks.Fixed!, { status: 'COMPLETED' }, viewer.cookie);
    expect(viewing.status).toBe(403);
    expect(viewing.body.message).toBe('Only members, moderators and admins can create and edit tasks');
    expect((await move(tasks.Fixed!, { status: 'COMPLETED' }, stranger.cookie)).status).toBe(404);
    expect((await server.request('POST', `/api/v1/tasks/${tasks.Fixed}/move`, { body: { status: 'COMPLETED' } })).status).toBe(401);
    expect(await column(feature._id, 'TODO')).toEqual(['Other', 'Fixed']);
  });

  it('refuses neighbours that are not other tasks of the same feature, and bad input', async () => {
    const { tasks } = await buildBoard(['Here', 'There']);
    const { tasks: elsewhere } = await buildBoard(['Elsewhere']);
    const foreign = await move(tasks.Here!, { afterId: elsewhere.Elsewhere });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ field: 'afterId', message: 'afterId must be another task of the same feature' }]);
    expect((await move(tasks.Here!, { beforeId: tasks.Here })).status).toBe(400);
    expect((await move(tasks.Here!, { beforeId: crypto.randomUUID() })).status).toBe(400);
    expect((await move(tasks.Here!, { status: 'DONE' })).status).toBe(400);
    expect((await move(tasks.Here!, { afterId: 'not-an-id' })).status).toBe(400);
    expect((await move(crypto.randomUUID(), { status: 'TODO' })).status).toBe(404);
  });
});
