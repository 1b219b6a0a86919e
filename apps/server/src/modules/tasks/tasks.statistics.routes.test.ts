import { statisticsOfCounts, taskStatuses, type BoardColumn, type TaskDetail, type TaskStatus } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeature, buildTask, type SignedInUser } from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

// Without filters, a feature's statistics and column totals are the counts the database keeps
// (decision 052). Every way a task is made, changed, moved or deleted shows in them at once.
let server: TestServer;
let member: SignedInUser;
let admin: SignedInUser;
let projectId: string;
let categoryId: string;

beforeAll(async () => {
  const scene = await startScene({ project: true, category: { by: 'member' } });
  ({ server, cast: { member, admin } } = scene);
  projectId = scene.project._id;
  categoryId = scene.category._id;
});
afterAll(async () => {
  await server.close();
});

/** What the task table and the board both say of the feature, without filters. */
async function shown(featureId: string) {
  const list = await server.request('GET', `/api/v1/tasks?featureId=${featureId}&limit=1`, { cookie: member.cookie });
  expect(list.status, list.text).toBe(200);
  const board = await server.request('GET', `/api/v1/tasks/board?featureId=${featureId}&limit=1`, { cookie: member.cookie });
  expect(board.status, board.text).toBe(200);
  const columns = board.body.data.columns as BoardColumn[];
  return {
    table: { statistics: list.body.data.statistics, total: list.body.total },
    board: { statistics: board.body.data.statistics, total: board.body.total, columns: Object.fromEntries(columns.map((column) => [column.status, column.total])) },
  };
}

/** The same, from the statuses of the feature's tasks as the test made them. */
function expected(statuses: TaskStatus[]) {
  const byStatus = new Map<TaskStatus, number>();
  for (const status of statuses) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const counts = [...byStatus].map(([status, total]) => ({ status, total }));
  const statistics = statisticsOfCounts(counts);
  const columns = Object.fromEntries(
    taskStatuses.map((status) => [status, byStatus.get(status) ?? 0]),
  );
  return { table: { statistics, total: statuses.length }, board: { statistics, total: statuses.length, columns } };
}

describe("a feature's statistics and column totals", () => {
  it('follow creating, editing, moving on the board and deleting tasks', async () => {
    const feature = await buildFeature(server, admin.cookie, projectId);
    const make = (status: TaskStatus, extra: Record<string, unknown> = {}) => buildTask(server, member.cookie, feature._id, { categoryId, status, ...extra });
    expect(await shown(feature._id)).toEqual(expected([]));

    const [first, second, third] = [await make('TODO'), await make('TODO'), await make('IN_PROGRESS')];
    expect(await shown(feature._id)).toEqual(expected(['TODO', 'TODO', 'IN_PROGRESS']));

    // An edit of the status, an edit of anything else, and a card dropped in another column.
    const done = await server.request('PUT', `/api/v1/tasks/${first._id}`, { cookie: member.cookie, body: { status: 'COMPLETED', version: first.version } });
    expect(done.status, done.text).toBe(200);
    const renamed = await server.request('PUT', `/api/v1/tasks/${second._id}`, { cookie: member.cookie, body: { title: 'Renamed', version: second.version } });
    expect(renamed.status, renamed.text).toBe(200);
    const moved = await server.request('POST', `/api/v1/tasks/${third._id}/move`, { cookie: member.cookie, body: { status: 'IN_REVIEW' } });
    expect(moved.status, moved.text).toBe(200);
    const reordered = await server.request('POST', `/api/v1/tasks/${second._id}/move`, { cookie: member.cookie, body: { beforeId: null, afterId: null } });
    expect(reordered.status, reordered.text).toBe(200);
    expect(await shown(feature._id)).toEqual(expected(['COMPLETED', 'TODO', 'IN_REVIEW']));

    // A parent deleted with its subtasks, and one deleted keeping them.
    const parent = await make('BLOCKED');
    const subtask = async (status: TaskStatus, parentTask: TaskDetail) => {
      const response = await server.request('POST', '/api/v1/tasks', { cookie: member.cookie, body: { title: `Step ${status}`, parentTaskId: parentTask._id, status } });
      expect(response.status, response.text).toBe(201);
    };
    await subtask('TODO', parent);
    await subtask('CANCELLED', parent);
    expect(await shown(feature._id)).toEqual(expected(['COMPLETED', 'TODO', 'IN_REVIEW', 'BLOCKED', 'TODO', 'CANCELLED']));
    const removed = await server.request('DELETE', `/api/v1/tasks/${parent._id}?subtasks=delete`, { cookie: member.cookie });
    expect(removed.status, removed.text).toBe(200);
    expect(await shown(feature._id)).toEqual(expected(['COMPLETED', 'TODO', 'IN_REVIEW']));

    const keeper = await make('REOPEN');
    await subtask('DEV_COMPLETED', keeper);
    const kept = await server.request('DELETE', `/api/v1/tasks/${keeper._id}?subtasks=keep`, { cookie: member.cookie });
    expect(kept.status, kept.text).toBe(200);
    expect(await shown(feature._id)).toEqual(expected(['COMPLETED', 'TODO', 'IN_REVIEW', 'DEV_COMPLETED']));
  });

  it("count each feature's own tasks, and a new feature starts at zero", async () => {
    const [one, two] = [await buildFeature(server, admin.cookie, projectId), await buildFeature(server, admin.cookie, projectId)];
    await buildTask(server, member.cookie, one._id, { categoryId, status: 'BLOCKED' });
    await buildTask(server, member.cookie, two._id, { categoryId, status: 'IN_PROGRESS' });
    await buildTask(server, member.cookie, two._id, { categoryId, status: 'IN_PROGRESS' });
    expect(await shown(one._id)).toEqual(expected(['BLOCKED']));
    expect(await shown(two._id)).toEqual(expected(['IN_PROGRESS', 'IN_PROGRESS']));
    const empty = await buildFeature(server, admin.cookie, projectId);
    expect(await shown(empty._id)).toEqual(expected([]));
  });
});
