import { randomUUID } from 'node:crypto';
import type { Category, TaskDetail } from '@tasklane/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskComments, taskHistory } from '../../db/schema.js';
import {
  buildCategory,
  buildComment,
  buildFeature,
  buildSharedProject,
  buildTask,
  buildTaskMatrixFixture,
  cookieFor,
  statusesByKind,
  userFor,
  type CallerKind,
  type ProjectCast,
} from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let cast: ProjectCast;
/** One TASK category per cast member, for the create row. */
const taskCategories = new Map<string, Category>();

beforeAll(async () => {
  ({ server, cast } = await startScene());
  for (const member of Object.values(cast)) {
    taskCategories.set(member.user.id, await buildCategory(server, member.cookie, { type: 'TASK' }));
  }
});
afterAll(async () => {
  await server.close();
});

type Fixture = Awaited<ReturnType<typeof buildTaskMatrixFixture>>;

async function getTask(cookie: string, taskId: string, query = '') {
  return server.request('GET', `/api/v1/tasks/${taskId}${query}`, { cookie });
}

/** The task as the second admin sees it (404 once it is gone). */
async function adminView(fixture: Fixture) {
  return getTask(cast.admin.cookie, fixture.task._id);
}

type Row = {
  endpoint: string;
  method: string;
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture, kind: CallerKind) => unknown;
  /** In callerKinds order: signed out, stranger, VIEWER, MEMBER, MODERATOR, ADMIN, owner, owner not a member. */
  statuses: number[];
  check?: (fixture: Fixture, allowed: boolean) => Promise<void>;
};

const rows: Row[] = [
  {
    endpoint: 'GET /tasks?featureId=',
    method: 'GET',
    path: (fixture) => `/api/v1/tasks?featureId=${fixture.feature._id}`,
    statuses: [401, 404, 200, 200, 200, 200, 200, 200],
  },
  {
    endpoint: 'GET /tasks/:taskId',
    method: 'GET',
    path: (fixture) => `/api/v1/tasks/${fixture.task._id}`,
    statuses: [401, 404, 200, 200, 200, 200, 200, 200],
  },
  {
    endpoint: 'GET /tasks/:taskId?projectId=',
    method: 'GET',
    path: (fixture) => `/api/v1/tasks/${fixture.task._id}?projectId=${fixture.project._id}`,
    statuses: [401, 404, 200, 200, 200, 200, 200, 200],
  },
  {
    endpoint: 'POST /tasks',
    method: 'POST',
    path: () => '/api/v1/tasks',
    body: (fixture, kind) => ({
      title: 'Matrix task',
      featureId: fixture.feature._id,
      projectId: fixture.project._id,
      categoryId: taskCategories.get((userFor(cast, kind) ?? cast.stranger).user.id)!._id,
    }),
    statuses: [401, 404, 403, 201, 201, 201, 201, 201],
    async check(fixture, allowed) {
      const list = await server.request('GET', `/api/v1/tasks?featureId=${fixture.feature._id}`, { cookie: cast.admin.cookie });
      expect(list.body.total).toBe(allowed ? 2 : 1);
    },
  },
  {
    endpoint: 'PUT /tasks/:taskId',
    method: 'PUT',
    path: (fixture) => `/api/v1/tasks/${fixture.task._id}`,
    body: () => ({ title: 'Edited by matrix', status: 'IN_PROGRESS' }),
    statuses: [401, 404, 403, 200, 200, 200, 200, 200],
    async check(fixture, allowed) {
      const task = (await adminView(fixture)).body.data as TaskDetail;
      expect(task.title).toBe(allowed ? 'Edited by matrix' : fixture.task.title);
      expect(task.history).toHaveLength(allowed ? 3 : 1);
    },
  },
  {
    endpoint: "DELETE /tasks/:taskId (someone else's task)",
    method: 'DELETE',
    path: (fixture) => `/api/v1/tasks/${fixture.task._id}`,
    statuses: [401, 404, 403, 403, 200, 200, 200, 200],
    async check(fixture, allowed) {
      expect((await adminView(fixture)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    endpoint: 'GET /users/tasks',
    method: 'GET',
    path: () => '/api/v1/users/tasks',
    statuses: [401, 200, 200, 200, 200, 200, 200, 200],
  },
];

describe('permission matrix', () => {
  for (const row of rows) {
    describe(row.endpoint, () => {
      it.each(statusesByKind(row.statuses))('%s → %i', async (kind: CallerKind, expected: number) => {
        const fixture = await buildTaskMatrixFixture(server, cast, kind);
        const response = await server.request(row.method, row.path(fixture), {
          cookie: cookieFor(cast, kind),
          body: row.body?.(fixture, kind),
        });
        expect(response.status, response.text).toBe(expected);
        expect(response.body).toMatchObject({ success: expected < 300 });
        await row.check?.(fixture, expected < 300);
      });
    });
  }
});

describe('signed out', () => {
  const id = randomUUID();
  it.each([
    ['GET', '/api/v1/tasks?featureId=nope', undefined],
    ['GET', '/api/v1/tasks/nope', undefined],
    ['POST', '/api/v1/tasks', { title: '' }],
    ['PUT', `/api/v1/tasks/${id}`, { status: 'NOPE' }],
    ['DELETE', '/api/v1/tasks/1', undefined],
    ['GET', '/api/v1/users/tasks?limit=0', undefined],
  ])('%s %s is 401 whatever it sends', async (method, path, body) => {
    const response = await server.request(method, path, { body });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('roles and abilities', () => {
  it.each<[CallerKind, string, [boolean, boolean, boolean]]>([
    // canEdit, canDelete, canComment on a task the second admin created
    ['VIEWER', 'VIEWER', [false, false, true]],
    ['MEMBER', 'MEMBER', [true, false, true]],
    ['MODERATOR', 'MODERATOR', [true, true, true]],
    ['ADMIN', 'ADMIN', [true, true, true]],
    ['owner', 'ADMIN', [true, true, true]],
    ['owner, not a member', 'ADMIN', [true, true, true]],
  ])('%s sees role %s and its abilities in the detail and the list', async (kind, role, [canEdit, canDelete, canComment]) => {
    const fixture = await buildTaskMatrixFixture(server, cast, kind);
    const cookie = cookieFor(cast, kind)!;
    const detail = (await getTask(cookie, fixture.task._id)).body.data as TaskDetail;
    expect(detail).toMatchObject({ role, abilities: { canEdit, canDelete, canComment } });
    const list = await server.request('GET', `/api/v1/tasks?featureId=${fixture.feature._id}`, { cookie });
    expect(list.body.data.tasks[0].abilities).toEqual({ canEdit, canDelete, canComment });
  });

  it('a MEMBER may delete the tasks they created, and only those', async () => {
    const { project } = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id);
    const own = await buildTask(server, cast.member.cookie, feature._id);
    const others = await buildTask(server, cast.moderator.cookie, feature._id);
    expect(own.abilities).toEqual({ canEdit: true, canDelete: true, canComment: true });
    expect((await getTask(cast.member.cookie, others._id)).body.data.abilities.canDelete).toBe(false);
    const refused = await server.request('DELETE', `/api/v1/tasks/${others._id}`, { cookie: cast.member.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only admins, moderators and the member who created a task can delete it');
    const viewer = await server.request('DELETE', `/api/v1/tasks/${own._id}`, { cookie: cast.viewer.cookie });
    expect(viewer.status).toBe(403);
    const deleted = await server.request('DELETE', `/api/v1/tasks/${own._id}`, { cookie: cast.member.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Task deleted successfully' });
  });
});

describe('GET /api/v1/tasks/:taskId', () => {
  it('answers 400 for a non-UUID id, 404 for an unknown task or a projectId that is not its own', async () => {
    const fixture = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const other = await buildSharedProject(server, cast);
    expect((await getTask(cast.admin.cookie, 'nope')).status).toBe(400);
    expect((await getTask(cast.admin.cookie, randomUUID())).status).toBe(404);
    expect((await getTask(cast.admin.cookie, fixture.task._id, '?projectId=abc')).status).toBe(400);
    const wrong = await getTask(cast.admin.cookie, fixture.task._id, `?projectId=${other.project._id}`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Task not found' });
  });
});

describe('DELETE /api/v1/tasks/:taskId', () => {
  it('deletes the task with its comments and history, and nothing else', async () => {
    const fixture = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const kept = await buildTask(server, cast.admin.cookie, fixture.feature._id);
    await buildComment(server, cast.viewer.cookie, fixture.task._id, 'Bye');
    await buildComment(server, cast.viewer.cookie, kept._id, 'Stay');
    const response = await server.request('DELETE', `/api/v1/tasks/${fixture.task._id}`, { cookie: cast.moderator.cookie });
    expect(response.status).toBe(200);
    const db = server.database.db;
    expect(await db.select().from(taskHistory).where(eq(taskHistory.taskId, fixture.task._id))).toEqual([]);
    expect(await db.select().from(taskComments).where(eq(taskComments.taskId, fixture.task._id))).toEqual([]);
    expect(await db.select().from(taskHistory).where(eq(taskHistory.taskId, kept._id))).toHaveLength(1);
    expect(await db.select().from(taskComments).where(eq(taskComments.taskId, kept._id))).toHaveLength(1);
    expect((await server.request('DELETE', `/api/v1/tasks/${fixture.task._id}`, { cookie: cast.admin.cookie })).status).toBe(404);
    expect((await server.request('DELETE', '/api/v1/tasks/nope', { cookie: cast.admin.cookie })).status).toBe(400);
  });
});
