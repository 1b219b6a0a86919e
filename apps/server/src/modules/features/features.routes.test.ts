import { randomUUID } from 'node:crypto';
import type { Feature } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFeature,
  buildMatrixFixture,
  buildSharedProject,
  cookieFor,
  statusesByKind,
  type CallerKind,
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

type Fixture = Awaited<ReturnType<typeof buildMatrixFixture>> & { feature: Feature };

async function listFeatures(cookie: string, projectId: string, query = '') {
  return server.request('GET', `/api/v1/features?projectId=${projectId}${query}`, { cookie });
}

/** The project's features as its second admin sees them. */
async function titles(fixture: Fixture): Promise<string[]> {
  const response = await listFeatures(cast.admin.cookie, fixture.project._id);
  return (response.body.data as Feature[]).map((feature) => feature.title);
}

type Row = {
  endpoint: string;
  method: string;
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture) => unknown;
  /** In callerKinds order: signed out, stranger, VIEWER, MEMBER, MODERATOR, ADMIN, owner, owner not a member. */
  statuses: number[];
  check?: (fixture: Fixture, allowed: boolean) => Promise<void>;
};

const rows: Row[] = [
  {
    endpoint: 'GET /features?projectId=',
    method: 'GET',
    path: (fixture) => `/api/v1/features?projectId=${fixture.project._id}`,
    statuses: [401, 404, 200, 200, 200, 200, 200, 200],
  },
  {
    endpoint: 'GET /features/:id',
    method: 'GET',
    path: (fixture) => `/api/v1/features/${fixture.feature._id}`,
    statuses: [401, 404, 200, 200, 200, 200, 200, 200],
  },
  {
    endpoint: 'POST /features',
    method: 'POST',
    path: () => '/api/v1/features',
    body: (fixture) => ({ projectId: fixture.project._id, title: 'Matrix feature' }),
    statuses: [401, 404, 403, 403, 201, 201, 201, 201],
    async check(fixture, allowed) {
      expect((await titles(fixture)).includes('Matrix feature')).toBe(allowed);
    },
  },
  {
    endpoint: 'PUT /features/:id',
    method: 'PUT',
    path: (fixture) => `/api/v1/features/${fixture.feature._id}`,
    body: (fixture) => ({ projectId: fixture.project._id, title: 'Edited by matrix' }),
    statuses: [401, 404, 403, 403, 200, 200, 200, 200],
    async check(fixture, allowed) {
      expect(await titles(fixture)).toEqual([allowed ? 'Edited by matrix' : fixture.feature.title]);
    },
  },
  {
    endpoint: 'DELETE /features/:id',
    method: 'DELETE',
    path: (fixture) => `/api/v1/features/${fixture.feature._id}`,
    statuses: [401, 404, 403, 403, 200, 200, 200, 200],
    async check(fixture, allowed) {
      expect(await titles(fixture)).toEqual(allowed ? [] : [fixture.feature.title]);
    },
  },
];

describe('permission matrix', () => {
  for (const row of rows) {
    describe(row.endpoint, () => {
      it.each(statusesByKind(row.statuses))('%s → %i', async (kind: CallerKind, expected: number) => {
        const base = await buildMatrixFixture(server, cast, kind);
        const fixture = { ...base, feature: await buildFeature(server, cast.admin.cookie, base.project._id) };
        const response = await server.request(row.method, row.path(fixture), {
          cookie: cookieFor(cast, kind),
          body: row.body?.(fixture),
        });
        expect(response.status, response.text).toBe(expected);
        expect(response.body).toMatchObject({ success: expected < 300 });
        await row.check?.(fixture, expected < 300);
      });
    });
  }
});

describe('signed out', () => {
  it.each([
    ['GET', `/api/v1/features?projectId=nope`, undefined],
    ['GET', `/api/v1/features/${randomUUID()}`, undefined],
    ['POST', '/api/v1/features', { title: '' }],
    ['PUT', '/api/v1/features/nope', { title: '' }],
    ['DELETE', `/api/v1/features/${randomUUID()}`, undefined],
  ])('%s %s is 401 whatever it sends', async (method, path, body) => {
    const response = await server.request(method, path, { body });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('GET /api/v1/features/:id', () => {
  it('answers the feature with its project, as the list has it', async () => {
    const { project } = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id, { title: 'Search', estimatedHours: 12 });
    const response = await server.request('GET', `/api/v1/features/${feature._id}?projectId=${project._id}`, { cookie: cast.viewer.cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Feature fetched successfully', data: feature });
  });

  it("is 404 for an unknown id, a non-UUID id, and another project's id", async () => {
    const { project } = await buildSharedProject(server, cast);
    const other = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id);
    for (const path of [
      `/api/v1/features/${randomUUID()}`,
      `/api/v1/features/${feature._id}?projectId=${other.project._id}`,
    ]) {
      const response = await server.request('GET', path, { cookie: cast.admin.cookie });
      expect(response.status, path).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Feature not found' });
    }
    const malformed = await server.request('GET', '/api/v1/features/nope', { cookie: cast.admin.cookie });
    expect(malformed.status).toBe(400);
  });
});

describe('POST /api/v1/features', () => {
  it('creates with the defaults and answers the feature', async () => {
    const { project } = await buildSharedProject(server, cast);
    const response = await server.request('POST', '/api/v1/features', {
      cookie: cast.moderator.cookie,
      body: { projectId: project._id, title: '  Checkout  ' },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: 'Feature created successfully' });
    const feature = response.body.data as Feature;
    expect(feature).toEqual({
      _id: expect.any(String),
      title: 'Checkout',
      description: '',
      status: 'BACKLOG',
      priority: 'MEDIUM',
      dueDate: null,
      estimatedHours: null,
      actualHours: null,
      projectId: { _id: project._id, name: project.name },
      defaultCategoryId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
    });
    expect((await listFeatures(cast.viewer.cookie, project._id)).body.data).toEqual([feature]);
  });

  it('stores every field', async () => {
    const { project } = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id, {
      title: 'Payments',
      description: '  Cards and wallets  ',
      status: 'IN_REVIEW',
      priority: 'URGENT',
      dueDate: '2031-02-28',
      estimatedHours: 40,
      actualHours: 0,
    });
    expect(feature).toMatchObject({
      title: 'Payments',
      description: 'Cards and wallets',
      status: 'IN_REVIEW',
      priority: 'URGENT',
      dueDate: '2031-02-28T00:00:00.000Z',
      estimatedHours: 40,
      actualHours: 0,
    });
  });

  describe('validation', () => {
    let projectId: string;
    beforeAll(async () => {
      projectId = (await buildSharedProject(server, cast)).project._id;
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a missing title', { title: undefined }, 'Title is required'],
      ['an empty title', { title: '' }, 'Title is required'],
      ['a blank title', { title: '   ' }, 'Title is required'],
      ['a 201-character title', { title: 't'.repeat(201) }, 'Title must be at most 200 characters'],
      ['a 5001-character description', { description: 'd'.repeat(5001) }, 'Description must be at most 5000 characters'],
      ['an unknown status', { status: 'TODO' }, 'Status must be one of BACKLOG, IN_PROGRESS, IN_REVIEW, DONE, ARCHIVED'],
      ['an unknown priority', { priority: 'CRITICAL' }, 'Priority must be one of LOW, MEDIUM, HIGH, URGENT'],
      ['fractional hours', { estimatedHours: 1.5 }, 'Estimated hours must be a whole number from 0 to 10000'],
      ['negative hours', { actualHours: -1 }, 'Actual hours must be a whole number from 0 to 10000'],
      ['too many hours', { estimatedHours: 10_001 }, 'Estimated hours must be a whole number from 0 to 10000'],
      ['hours as text', { estimatedHours: '5' }, 'Estimated hours must be a whole number from 0 to 10000'],
      ['an impossible date', { dueDate: '2025-02-30' }, 'Invalid date'],
      ['a date in words', { dueDate: 'tomorrow' }, 'Date must be an ISO date'],
      ['a missing project', { projectId: undefined }, ''],
      ['a non-UUID project', { projectId: 'abc' }, ''],
    ])('%s is 400 and creates nothing', async (_label, overrides, message) => {
      const response = await server.request('POST', '/api/v1/features', {
        cookie: cast.admin.cookie,
        body: { projectId, title: 'Valid', ...overrides },
      });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.body.message).toContain(message);
      expect((await listFeatures(cast.admin.cookie, projectId)).body.total).toBe(0);
    });

    it('an unknown project is 404', async () => {
      const response = await server.request('POST', '/api/v1/features', {
        cookie: cast.admin.cookie,
        body: { projectId: randomUUID(), title: 'Lost' },
      });
      expect(response.status).toBe(404);
    });
  });
});

describe('PUT /api/v1/features/:id', () => {
  it('changes what the body names, keeps the rest, and bumps the version', async () => {
    const { project } = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id, { description: 'Keep me', estimatedHours: 3 });
    const response = await server.request('PUT', `/api/v1/features/${feature._id}`, {
      cookie: cast.moderator.cookie,
      body: { title: 'Renamed', status: 'DONE', actualHours: 5, dueDate: '2030-01-01', version: 1 },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Feature updated successfully' });
    expect(response.body.data).toMatchObject({
      title: 'Renamed',
      description: 'Keep me',
      status: 'DONE',
      priority: 'MEDIUM',
      estimatedHours: 3,
      actualHours: 5,
      dueDate: '2030-01-01T00:00:00.000Z',
      version: 2,
    });
    const cleared = await server.request('PUT', `/api/v1/features/${feature._id}`, {
      cookie: cast.moderator.cookie,
      body: { dueDate: null, estimatedHours: null, description: null },
    });
    expect(cleared.body.data).toMatchObject({ dueDate: null, estimatedHours: null, description: '', version: 3 });
  });

  it('a save that changes nothing keeps the version', async () => {
    const { project } = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id);
    const response = await server.request('PUT', `/api/v1/features/${feature._id}`, {
      cookie: cast.admin.cookie,
      body: { title: feature.title, status: feature.status, projectId: project._id, version: 1 },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(feature);
  });

  it('a stale version is 409 and changes nothing', async () => {
    const { project } = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id);
    const first = await server.request('PUT', `/api/v1/features/${feature._id}`, {
      cookie: cast.admin.cookie,
      body: { title: 'First', version: 1 },
    });
    expect(first.status).toBe(200);
    const second = await server.request('PUT', `/api/v1/features/${feature._id}`, {
      cookie: cast.moderator.cookie,
      body: { title: 'Second', version: 1 },
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'This feature was changed by someone else. Reload to see the latest version.',
    });
    // Without a version the save simply applies.
    const blind = await server.request('PUT', `/api/v1/features/${feature._id}`, { cookie: cast.moderator.cookie, body: { title: 'Third' } });
    expect(blind.body.data).toMatchObject({ title: 'Third', version: 3 });
  });

  it('a projectId that is not the feature\'s is 404; invalid input 400; unknown 404', async () => {
    const { project } = await buildSharedProject(server, cast);
    const other = await buildSharedProject(server, cast);
    const feature = await buildFeature(server, cast.admin.cookie, project._id);
    const path = `/api/v1/features/${feature._id}`;
    const cookie = cast.admin.cookie;
    expect((await server.request('PUT', path, { cookie, body: { projectId: other.project._id, title: 'X' } })).status).toBe(404);
    expect((await server.request('PUT', path, { cookie, body: { title: ' ' } })).body.message).toBe('Title is required');
    expect((await server.request('PUT', path, { cookie, body: { version: 0 } })).status).toBe(400);
    expect((await server.request('PUT', '/api/v1/features/nope', { cookie, body: { title: 'X' } })).status).toBe(400);
    expect((await server.request('PUT', `/api/v1/features/${randomUUID()}`, { cookie, body: { title: 'X' } })).status).toBe(404);
    expect(await titles({ ...other, feature })).toEqual([]);
  });
});
