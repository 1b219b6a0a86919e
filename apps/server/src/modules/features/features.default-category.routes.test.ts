import { randomUUID } from 'node:crypto';
import type { Feature, TaskDetail } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildFeature, buildSharedProject, type ProjectCast } from '../../../test/factories.js';
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

async function readFeature(cookie: string, id: string): Promise<Feature> {
  const response = await server.request('GET', `/api/v1/features/${id}`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Feature;
}

describe("a feature's default category (decision 032)", () => {
  it('is set on create and edit, answered on reads, and cleared with null', async () => {
    const { project } = await buildSharedProject(server, cast);
    const design = await buildCategory(server, cast.admin.cookie, { name: 'Design', type: 'TASK' });
    const feature = await buildFeature(server, cast.admin.cookie, project._id, { defaultCategoryId: design._id });
    expect(feature.defaultCategoryId).toBe(design._id);
    expect((await readFeature(cast.viewer.cookie, feature._id)).defaultCategoryId).toBe(design._id);
    const listed = await server.request('GET', `/api/v1/features?projectId=${project._id}`, { cookie: cast.member.cookie });
    expect((listed.body.data as Feature[]).find((item) => item._id === feature._id)?.defaultCategoryId).toBe(design._id);

    // A moderator may send back the default another member chose (as read), and clear it.
    const kept = await server.request('PUT', `/api/v1/features/${feature._id}`, {
      cookie: cast.moderator.cookie,
      body: { ...feature, title: 'Renamed' },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data).toMatchObject({ title: 'Renamed', defaultCategoryId: design._id });
    const cleared = await server.request('PUT', `/api/v1/features/${feature._id}`, {
      cookie: cast.moderator.cookie,
      body: { defaultCategoryId: null, version: kept.body.data.version },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.data.defaultCategoryId).toBeNull();
  });

  it("must be one of the caller's TASK categories", async () => {
    const { project } = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id);
    const todoCategory = await buildCategory(server, cast.admin.cookie, { type: 'TODO' });
    const othersCategory = await buildCategory(server, cast.moderator.cookie, { type: 'TASK' });
    const message = 'Default category must be one of your task categories';
    for (const defaultCategoryId of [todoCategory._id, othersCategory._id, randomUUID()]) {
      const edited = await server.request('PUT', `/api/v1/features/${feature._id}`, {
        cookie: cast.admin.cookie,
        body: { defaultCategoryId, version: feature.version },
      });
      expect(edited.status, edited.text).toBe(400);
      expect(edited.body.errors).toEqual([{ field: 'defaultCategoryId', message }]);
      const created = await server.request('POST', '/api/v1/features', {
        cookie: cast.admin.cookie,
        body: { title: 'Refused', projectId: project._id, defaultCategoryId },
      });
      expect(created.status, created.text).toBe(400);
      expect(created.body.errors).toEqual([{ field: 'defaultCategoryId', message }]);
    }
    const malformed = await server.request('PUT', `/api/v1/features/${feature._id}`, {
      cookie: cast.admin.cookie,
      body: { defaultCategoryId: 'design', version: feature.version },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe('defaultCategoryId');
    expect((await readFeature(cast.admin.cookie, feature._id)).defaultCategoryId).toBeNull();
  });

  it('is only set by those who manage features', async () => {
    const { project } = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id);
    const mine = await buildCategory(server, cast.member.cookie, { type: 'TASK' });
    const refused = await server.request('PUT', `/api/v1/features/${feature._id}`, {
      cookie: cast.member.cookie,
      body: { defaultCategoryId: mine._id, version: feature.version },
    });
    expect(refused.status).toBe(403);
    expect((await readFeature(cast.admin.cookie, feature._id)).defaultCategoryId).toBeNull();
  });

  it("lets any editor give a new task the feature's default category, and only that one of another member's", async () => {
    const { project } = await buildSharedProject(server, cast);
    const design = await buildCategory(server, cast.admin.cookie, { name: 'Design', type: 'TASK' });
    const otherOfAdmin = await buildCategory(server, cast.admin.cookie, { name: 'Other', type: 'TASK' });
    const feature = await buildFeature(server, cast.admin.cookie, project._id, { defaultCategoryId: design._id });

    const created = await server.request('POST', '/api/v1/tasks', {
      cookie: cast.member.cookie,
      body: { title: 'Inline', featureId: feature._id, status: 'IN_PROGRESS', categoryId: design._id },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data as TaskDetail).toMatchObject({ title: 'Inline', status: 'IN_PROGRESS', categoryId: { _id: design._id, name: 'Design' } });

    const refused = await server.request('POST', '/api/v1/tasks', {
      cookie: cast.member.cookie,
      body: { title: 'Not the default', featureId: feature._id, categoryId: otherOfAdmin._id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'categoryId', message: 'Category must be one of your task categories' }]);

    // Another feature's default is no default here.
    const elsewhere = await buildFeature(server, cast.admin.cookie, project._id);
    const wrongFeature = await server.request('POST', '/api/v1/tasks', {
      cookie: cast.member.cookie,
      body: { title: 'Elsewhere', featureId: elsewhere._id, categoryId: design._id },
    });
    expect(wrongFeature.status).toBe(400);

    // The Create Task dialog's rule stands: a task still needs a category.
    const without = await server.request('POST', '/api/v1/tasks', {
      cookie: cast.member.cookie,
      body: { title: 'No category', featureId: feature._id },
    });
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual([{ field: 'categoryId', message: 'Category is required' }]);
  });

  it('is cleared when its category is deleted', async () => {
    const { project } = await buildSharedProject(server, cast);
    const design = await buildCategory(server, cast.admin.cookie, { type: 'TASK' });
    const feature = await buildFeature(server, cast.admin.cookie, project._id, { defaultCategoryId: design._id });
    const deleted = await server.request('DELETE', `/api/v1/categories/${design._id}`, { cookie: cast.admin.cookie });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await readFeature(cast.admin.cookie, feature._id)).defaultCategoryId).toBeNull();
  });
});
