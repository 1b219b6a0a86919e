import { randomUUID } from 'node:crypto';
import { featureStatuses, priorities, type Feature } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeature, buildProject, type SignedInUser } from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let admin: SignedInUser;
let projectId: string;
/** In creation order (oldest first). */
let created: Feature[];

const specs = [
  { title: 'Banana checkout', description: 'Pay with cards', status: 'IN_PROGRESS', priority: 'HIGH', dueDate: '2031-05-01' },
  { title: 'apple login', description: 'OAuth and passwords', status: 'BACKLOG', priority: 'LOW', dueDate: null },
  { title: 'Cherry search', description: 'Full text', status: 'DONE', priority: 'URGENT', dueDate: '2030-01-15' },
  { title: 'Date export', description: 'CSV and 100% JSON', status: 'IN_REVIEW', priority: 'MEDIUM', dueDate: '2032-12-31' },
  { title: 'Elder reports', description: 'Charts for CHECKOUT data', status: 'ARCHIVED', priority: 'HIGH', dueDate: '2030-06-01' },
  { title: 'fig onboarding', description: 'Welcome tour', status: 'BACKLOG', priority: 'MEDIUM', dueDate: null },
  { title: 'Grape billing', description: 'Invoices', status: 'IN_PROGRESS', priority: 'LOW', dueDate: '2031-01-01' },
  { title: 'Honeydew admin', description: 'Settings_page', status: 'DONE', priority: 'URGENT', dueDate: '2029-03-03' },
  { title: 'Ice notifications', description: 'Email', status: 'BACKLOG', priority: 'MEDIUM', dueDate: '2033-01-01' },
  { title: 'Jackfruit audit', description: 'Logs', status: 'IN_REVIEW', priority: 'HIGH', dueDate: null },
  { title: 'Kiwi themes', description: 'Dark mode', status: 'BACKLOG', priority: 'LOW', dueDate: '2030-09-09' },
  { title: 'Lime mobile', description: 'Phones', status: 'IN_PROGRESS', priority: 'MEDIUM', dueDate: '2031-07-07' },
] as const;

beforeAll(async () => {
  const scene = await startScene({ project: true });
  ({ server, cast: { admin } } = scene);
  projectId = scene.project._id;
  created = [];
  for (const spec of specs) created.push(await buildFeature(server, admin.cookie, projectId, spec));
});
afterAll(async () => {
  await server.close();
});

async function list(query: string) {
  return server.request('GET', `/api/v1/features?projectId=${projectId}${query}`, { cookie: admin.cookie });
}

async function listTitles(query: string): Promise<string[]> {
  const response = await list(query);
  expect(response.status, response.text).toBe(200);
  return (response.body.data as Feature[]).map((feature) => feature.title);
}

const newestFirst = () => [...created].reverse();

describe('pagination', () => {
  it('defaults to 10 a page, newest first, with the page count as pagination.total', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Features fetched successfully',
      total: 12,
      pagination: { total: 2, page: 1, limit: 10 },
    });
    expect(response.body.data).toEqual(newestFirst().slice(0, 10));
    const second = await list('&page=2');
    expect(second.body.data).toEqual(newestFirst().slice(10));
    expect(second.body.pagination).toEqual({ total: 2, page: 2, limit: 10 });
  });

  it('a page past the end is empty and still tells the total', async () => {
    const response = await list('&page=3');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ data: [], total: 12, pagination: { total: 2, page: 3, limit: 10 } });
    const far = await list('&page=999&limit=5');
    expect(far.body).toMatchObject({ data: [], total: 12, pagination: { total: 3, page: 999, limit: 5 } });
  });

  it('limit goes from 1 to 100', async () => {
    expect((await list('&limit=1')).body).toMatchObject({ data: [created[11]], pagination: { total: 12, page: 1, limit: 1 } });
    expect((await list('&limit=100')).body).toMatchObject({ total: 12, pagination: { total: 1, page: 1, limit: 100 } });
    expect((await list('&limit=100')).body.data).toHaveLength(12);
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=abc', 'limit must be a whole number from 1 to 100'],
    ['limit=2.5', 'limit must be a whole number from 1 to 100'],
    ['limit=-1', 'limit must be a whole number from 1 to 100'],
    ['page=0', 'page must be a whole number from 1 to 1000000'],
    ['page=x', 'page must be a whole number from 1 to 1000000'],
    ['sortBy=owner', 'sortBy must be one of createdAt, updatedAt, title, dueDate, priority, status'],
    ['sortOrder=up', 'sortOrder must be asc or desc'],
    ['status=TODO', 'Status must be one of BACKLOG, IN_PROGRESS, IN_REVIEW, DONE, ARCHIVED'],
    ['priority=NOW', 'Priority must be one of LOW, MEDIUM, HIGH, URGENT'],
  ])('%s is 400', async (query, message) => {
    const response = await list(`&${query}`);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  });

  it('needs a valid projectId; an unknown project is 404', async () => {
    expect((await server.request('GET', '/api/v1/features', { cookie: admin.cookie })).status).toBe(400);
    expect((await server.request('GET', '/api/v1/features?projectId=abc', { cookie: admin.cookie })).status).toBe(400);
    const unknown = await server.request('GET', `/api/v1/features?projectId=${randomUUID()}`, { cookie: admin.cookie });
    expect(unknown.status).toBe(404);
  });

  it('an empty project answers no features', async () => {
    const empty = await buildProject(server, admin.cookie);
    const response = await server.request('GET', `/api/v1/features?projectId=${empty._id}`, { cookie: admin.cookie });
    expect(response.body).toEqual({
      success: true,
      message: 'No features found',
      data: [],
      total: 0,
      pagination: { total: 0, page: 1, limit: 10 },
    });
  });
});

describe('filters and search', () => {
  it.each(featureStatuses)('status=%s', async (status) => {
    const expected = newestFirst().filter((feature) => feature.status === status);
    const response = await list(`&status=${status}&limit=100`);
    expect(response.body.data).toEqual(expected);
    expect(response.body.total).toBe(expected.length);
  });

  it.each(priorities)('priority=%s', async (priority) => {
    const expected = newestFirst().filter((feature) => feature.priority === priority);
    expect((await list(`&priority=${priority}&limit=100`)).body.data).toEqual(expected);
  });

  it('search matches title and description, case-insensitively, and combines with filters', async () => {
    expect(await listTitles('&search=checkout')).toEqual(['Elder reports', 'Banana checkout']);
    expect(await listTitles('&search=CHECKOUT&status=ARCHIVED')).toEqual(['Elder reports']);
    expect(await listTitles('&search=%20oauth%20')).toEqual(['apple login']);
    expect(await listTitles('&search=nothing-like-this')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await listTitles('&search=100%25')).toEqual(['Date export']);
    expect(await listTitles('&search=s_p')).toEqual(['Honeydew admin']);
    expect(await listTitles('&search=%25')).toEqual(['Date export']);
  });

  it('pages a filtered list by the filtered total', async () => {
    const response = await list('&status=BACKLOG&limit=3&page=2');
    expect(response.body).toMatchObject({ total: 4, pagination: { total: 2, page: 2, limit: 3 } });
    expect(response.body.data).toEqual(newestFirst().filter((feature) => feature.status === 'BACKLOG').slice(3));
  });
});

describe('sorting', () => {
  const rank = <T extends string>(values: readonly T[]) => (value: T) => values.indexOf(value);
  const keys: Record<string, (feature: Feature) => string | number | null> = {
    title: (feature) => feature.title.toLowerCase(),
    dueDate: (feature) => feature.dueDate,
    priority: (feature) => rank(priorities)(feature.priority),
    status: (feature) => rank(featureStatuses)(feature.status),
    createdAt: (feature) => created.indexOf(feature),
    updatedAt: (feature) => created.indexOf(feature),
  };

  /** The expected order: by the key (empty due dates last either way), then newest first. */
  function expectedOrder(sortBy: string, order: 'asc' | 'desc'): string[] {
    const key = keys[sortBy]!;
    return [...created]
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x !== y) {
          if (x === null) return 1;
          if (y === null) return -1;
          return (x < y ? -1 : 1) * (order === 'asc' ? 1 : -1);
        }
        return created.indexOf(b) - created.indexOf(a);
      })
      .map((feature) => feature.title);
  }

  for (const sortBy of ['title', 'dueDate', 'priority', 'status', 'createdAt', 'updatedAt']) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sortBy=${sortBy}&sortOrder=${order}`, async () => {
        expect(await listTitles(`&sortBy=${sortBy}&sortOrder=${order}&limit=100`)).toEqual(expectedOrder(sortBy, order));
      });
    }
  }

  it('sortBy alone sorts descending', async () => {
    expect(await listTitles('&sortBy=title&limit=100')).toEqual(expectedOrder('title', 'desc'));
  });

  it('updatedAt follows the latest edit', async () => {
    // Its own project: editing the shared fixture would reorder it for the other sorting tests.
    const project = await buildProject(server, admin.cookie);
    const features = [];
    for (const title of ['First', 'Second', 'Third']) features.push(await buildFeature(server, admin.cookie, project._id, { title }));
    const edited = await server.request('PUT', `/api/v1/features/${features[0]!._id}`, { cookie: admin.cookie, body: { actualHours: 1 } });
    expect(edited.status).toBe(200);
    const response = await server.request('GET', `/api/v1/features?projectId=${project._id}&sortBy=updatedAt&sortOrder=desc`, { cookie: admin.cookie });
    expect((response.body.data as Feature[]).map((feature) => feature.title)).toEqual(['First', 'Third', 'Second']);
  });
});
