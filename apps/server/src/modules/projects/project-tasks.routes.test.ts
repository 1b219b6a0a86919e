import type { Project } from '@tasklane/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features, taskComments, taskHistory, tasks } from '../../db/schema.js';
import {
  buildCategory,
  buildComment,
  buildFeature,
  buildSharedProject,
  buildTask,
  type ProjectCast,
} from '../../../test/factories.js';
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

/** The project as the viewer sees it on every screen that shows it. */
async function viewsOf(project: Project, workspaceId: string) {
  const cookie = cast.viewer.cookie;
  const one = (await server.request('GET', `/api/v1/projects/${project._id}`, { cookie })).body.data as Project;
  const mine = ((await server.request('GET', '/api/v1/users/projects', { cookie })).body.data as Project[]).find((p) => p._id === project._id)!;
  const list = (await server.request('GET', `/api/v1/workspaces/${workspaceId}/projects`, { cookie: cast.owner.cookie })).body.data.projects as Project[];
  return [one, mine, list.find((p) => p._id === project._id)!];
}

/** A shared project with two features and tasks in both; returns ids of everything in it. */
async function populatedProject() {
  const { workspace, project } = await buildSharedProject(server, cast);
  const categoryId = (await buildCategory(server, cast.member.cookie, { type: 'TASK' }))._id;
  const first = await buildFeature(server, cast.admin.cookie, project._id);
  const second = await buildFeature(server, cast.admin.cookie, project._id);
  const made = [];
  for (const [featureId, status] of [
    [first._id, 'COMPLETED'],
    [first._id, 'TODO'],
    [second._id, 'COMPLETED'],
    [second._id, 'CANCELLED'],
    [second._id, 'IN_PROGRESS'],
  ] as const) {
    made.push(await buildTask(server, cast.member.cookie, featureId, { categoryId, status }));
  }
  for (const task of made) await buildComment(server, cast.viewer.cookie, task._id);
  return { workspace, project, featureIds: [first._id, second._id], taskIds: made.map((task) => task._id) };
}

describe('project statistics from real tasks', () => {
  it('count every task and the completed ones, on every project screen', async () => {
    const { workspace, project, taskIds } = await populatedProject();
    for (const view of await viewsOf(project, workspace._id)) {
      expect(view.statistics).toEqual({ totalMembers: 5, totalTasks: 5, completedTasks: 2 });
      expect(view.progress).toBe(40);
    }
    await server.request('PUT', `/api/v1/tasks/${taskIds[1]}`, { cookie: cast.member.cookie, body: { status: 'COMPLETED' } });
    await server.request('DELETE', `/api/v1/tasks/${taskIds[3]}`, { cookie: cast.admin.cookie });
    for (const view of await viewsOf(project, workspace._id)) {
      expect(view.statistics).toMatchObject({ totalTasks: 4, completedTasks: 3 });
      expect(view.progress).toBe(75);
    }
  });

  it('lose a deleted feature\'s tasks, and count each project\'s own', async () => {
    const { workspace, project, featureIds } = await populatedProject();
    const other = await populatedProject();
    const gone = await server.request('DELETE', `/api/v1/features/${featureIds[1]}`, { cookie: cast.admin.cookie });
    expect(gone.status).toBe(200);
    for (const view of await viewsOf(project, workspace._id)) {
      expect(view.statistics).toMatchObject({ totalTasks: 2, completedTasks: 1 });
      expect(view.progress).toBe(50);
    }
    for (const view of await viewsOf(other.project, other.workspace._id)) {
      expect(view.statistics).toMatchObject({ totalTasks: 5, completedTasks: 2 });
    }
  });

  it('a project without tasks shows 0 of 0 and 0%', async () => {
    const { workspace, project } = await buildSharedProject(server, cast);
    await buildFeature(server, cast.admin.cookie, project._id);
    for (const view of await viewsOf(project, workspace._id)) {
      expect(view).toMatchObject({ statistics: { totalTasks: 0, completedTasks: 0 }, progress: 0 });
    }
  });
});

describe('deleting a project or workspace deletes everything in it', () => {
  async function remaining(featureIds: string[], taskIds: string[]) {
    const db = server.database.db;
    return {
      features: (await db.select().from(features).where(inArray(features.id, featureIds))).length,
      tasks: (await db.select().from(tasks).where(inArray(tasks.id, taskIds))).length,
      comments: (await db.select().from(taskComments).where(inArray(taskComments.taskId, taskIds))).length,
      history: (await db.select().from(taskHistory).where(inArray(taskHistory.taskId, taskIds))).length,
    };
  }

  it('a project', async () => {
    const doomed = await populatedProject();
    const kept = await populatedProject();
    expect(await remaining(doomed.featureIds, doomed.taskIds)).toEqual({ features: 2, tasks: 5, comments: 5, history: 5 });
    const response = await server.request('DELETE', `/api/v1/projects/${doomed.project._id}`, { cookie: cast.admin.cookie });
    expect(response.status).toBe(200);
    expect(await remaining(doomed.featureIds, doomed.taskIds)).toEqual({ features: 0, tasks: 0, comments: 0, history: 0 });
    expect(await remaining(kept.featureIds, kept.taskIds)).toEqual({ features: 2, tasks: 5, comments: 5, history: 5 });
    const assigned = await server.request('GET', `/api/v1/tasks/${doomed.taskIds[0]}`, { cookie: cast.member.cookie });
    expect(assigned.status).toBe(404);
  });

  it('a workspace', async () => {
    const doomed = await populatedProject();
    const response = await server.request('DELETE', `/api/v1/workspaces/${doomed.workspace._id}`, { cookie: cast.owner.cookie });
    expect(response.status).toBe(200);
    expect(await remaining(doomed.featureIds, doomed.taskIds)).toEqual({ features: 0, tasks: 0, comments: 0, history: 0 });
    expect(await server.database.db.select().from(features).where(eq(features.projectId, doomed.project._id))).toEqual([]);
  });
});

describe('project versions', () => {
  it('start at 1, grow with each edit; a stale version is 409 and changes nothing', async () => {
    const { project } = await buildSharedProject(server, cast);
    expect(project.version).toBe(1);
    const put = (body: Record<string, unknown>, cookie = cast.admin.cookie) =>
      server.request('PUT', `/api/v1/projects/${project._id}`, { cookie, body: { name: project.name, ...body } });
    const first = await put({ description: 'One', version: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ description: 'One', version: 2 });
    const stale = await put({ description: 'Two', version: 1 }, cast.moderator.cookie);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'This project was changed by someone else. Reload to see the latest version.',
    });
    const fetched = await server.request('GET', `/api/v1/projects/${project._id}`, { cookie: cast.viewer.cookie });
    expect(fetched.body.data).toMatchObject({ description: 'One', version: 2 });
    expect((await put({ description: 'Three' })).body.data).toMatchObject({ description: 'Three', version: 3 });
    expect((await put({ version: 0 })).status).toBe(400);
  });
});
