import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskComments, taskHistory, tasks } from '../../db/schema.js';
import { buildComment, buildFeature, buildSharedProject, buildTask, type ProjectCast } from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let cast: ProjectCast;

beforeAll(async () => {
  ({ server, cast } = await startScene());
});
afterAll(async () => {
  await server.close();
});

describe('DELETE /api/v1/features/:id', () => {
  it('deletes the feature with its tasks, their comments and history', async () => {
    const { project } = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id);
    const kept = await buildFeature(server, cast.admin.cookie, project._id);
    const task = await buildTask(server, cast.member.cookie, feature._id);
    const keptTask = await buildTask(server, cast.member.cookie, kept._id);
    await buildComment(server, cast.viewer.cookie, task._id);
    const response = await server.request('DELETE', `/api/v1/features/${feature._id}?projectId=${project._id}`, {
      cookie: cast.moderator.cookie,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Feature deleted successfully' });
    const db = server.database.db;
    expect(await db.select().from(tasks).where(eq(tasks.featureId, feature._id))).toEqual([]);
    expect(await db.select().from(taskHistory).where(eq(taskHistory.taskId, task._id))).toEqual([]);
    expect(await db.select().from(taskComments).where(eq(taskComments.taskId, task._id))).toEqual([]);
    expect((await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: cast.admin.cookie })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/tasks/${keptTask._id}`, { cookie: cast.admin.cookie })).status).toBe(200);
    const again = await server.request('DELETE', `/api/v1/features/${feature._id}`, { cookie: cast.moderator.cookie });
    expect(again.status).toBe(404);
  });

  it('accepts projectId in the body too, and refuses one that is not the feature\'s', async () => {
    const { project } = await buildSharedProject(server, cast);
    const other = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id);
    const path = `/api/v1/features/${feature._id}`;
    const wrong = await server.request('DELETE', path, { cookie: cast.admin.cookie, body: { projectId: other.project._id } });
    expect(wrong.status).toBe(404);
    const wrongQuery = await server.request('DELETE', `${path}?projectId=${other.project._id}`, { cookie: cast.admin.cookie });
    expect(wrongQuery.status).toBe(404);
    const right = await server.request('DELETE', path, { cookie: cast.admin.cookie, body: { projectId: project._id } });
    expect(right.status).toBe(200);
  });

  it('non-UUID ids are 400', async () => {
    expect((await server.request('DELETE', '/api/v1/features/1', { cookie: cast.admin.cookie })).status).toBe(400);
    const badQuery = await server.request('DELETE', `/api/v1/features/${randomUUID()}?projectId=x`, { cookie: cast.admin.cookie });
    expect(badQuery.status).toBe(400);
  });
});
