import { randomUUID } from 'node:crypto';
import { priorities, taskStatuses, type Task, type TaskDetail } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeature, buildProject, buildTask, type SignedInUser } from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let admin: SignedInUser;
let featureId: string;
/** In creation order (oldest first). */
let created: TaskDetail[];

const specs = [
  { title: 'Banana form', description: 'Card input', status: 'TODO', priority: 'HIGH', dueDate: '2031-05-01', tags: ['ui'] },
  { title: 'apple api', description: 'REST endpoints', status: 'REOPEN', priority: 'LOW', dueDate: null, tags: ['backend'] },
  { title: 'Cherry tests', description: 'Coverage', status: 'IN_PROGRESS', priority: 'URGENT', dueDate: '2030-01-15', tags: [] },
  { title: 'Date picker', description: 'Calendar 50% done', status: 'DEV_COMPLETED', priority: 'MEDIUM', dueDate: '2032-12-31', tags: ['ui', 'forms'] },
  { title: 'Elder audit', description: 'Security review', status: 'BLOCKED', priority: 'HIGH', dueDate: '2030-06-01', tags: ['security'] },
  { title: 'fig docs', description: 'Guides', status: 'IN_REVIEW', priority: 'MEDIUM', dueDate: null, tags: ['docs'] },
  { title: 'Grape release', description: 'Ship it', status: 'COMPLETED', priority: 'LOW', dueDate: '2031-01-01', tags: [] },
  { title: 'Honeydew spike', description: 'Abandoned idea', status: 'CANCELLED', priority: 'URGENT', dueDate: '2029-03-03', tags: ['research'] },
  { title: 'Ice cache', description: 'Redis_like layer', status: 'TODO', priority: 'MEDIUM', dueDate: '2033-01-01', tags: ['backend'] },
  { title: 'Jackfruit logs', description: 'Structured', status: 'IN_PROGRESS', priority: 'HIGH', dueDate: null, tags: ['ops'] },
  { title: 'Kiwi themes', description: 'Dark mode', status: 'COMPLETED', priority: 'LOW', dueDate: '2030-09-09', tags: ['ui'] },
  { title: 'Lime mobile', description: 'Phones', status: 'BLOCKED', priority: 'MEDIUM', dueDate: '2031-07-07', tags: ['mobile'] },
] as const;

beforeAll(async () => {
  const scene = await startScene({ project: true, feature: true, category: { by: 'admin' } });
  ({ server, cast: { admin } } = scene);
  const { project } = scene;
  featureId = scene.feature._id;
  const categoryId = scene.category._id;
  created = [];
  for (const spec of specs) created.push(await buildTask(server, admin.cookie, featureId, { ...spec, categoryId }));
  // Tasks of another feature of the same project count nowhere here.
  const other = await buildFeature(server, admin.cookie, project._id);
  await buildTask(server, admin.cookie, other._id, { categoryId, status: 'COMPLETED' });
});
afterAll(async () => {
  await server.close();
});

async function list(query: string) {
  return server.request('GET', `/api/v1/tasks?featureId=${featureId}${query}`, { cookie: admin.cookie });
}

async function listTitles(query: string): Promise<string[]> {
  const response = await list(query);
  expect(response.status, response.text).toBe(200);
  return (response.body.data.tasks as Task[]).map((task) => task.title);
}

const newestFirst = () => [...created].reverse();
/** A detail without what only the detail has: the list's shape. */
const asListed = ({ history: _history, role: _role, ...task }: TaskDetail) => task;

const allStatistics = { total: 12, todo: 3, inProgress: 3, inReview: 1, completed: 2, block: 2, cancelled: 1 };

describe('GET /api/v1/tasks?featureId=', () => {
  it('defaults to 10 a page, newest first, with statistics over the whole feature', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Tasks fetched successfully',
      total: 12,
      data: {
        tasks: newestFirst().slice(0, 10).map(asListed),
        statistics: allStatistics,
        pagination: { currentPage: 1, pages: 2, count: 10 },
      },
    });
    const second = await list('&page=2');
    expect(second.body.data.tasks).toEqual(newestFirst().slice(10).map(asListed));
    expect(second.body.data.pagination).toEqual({ currentPage: 2, pages: 2, count: 2 });
  });

  it('a page past the end is empty, with the totals and statistics still right', async () => {
    const response = await list('&page=5');
    expect(response.body).toMatchObject({
      total: 12,
      data: { tasks: [], statistics: allStatistics, pagination: { currentPage: 5, pages: 2, count: 0 } },
    });
  });

  it('filters change the total and pages, never the statistics', async () => {
    const response = await list('&priority=HIGH&limit=2');
    expect(response.body.total).toBe(3);
    expect(response.body.data.statistics).toEqual(allStatistics);
    expect(response.body.data.pagination).toEqual({ currentPage: 1, pages: 2, count: 2 });
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit must be a whole number from 1 to 100'],
    ['page=0', 'page must be a whole number from 1 to 1000000'],
    ['page=1.5', 'page must be a whole number from 1 to 1000000'],
    ['status=DONE', 'Status must be one of TODO, IN_PROGRESS, DEV_COMPLETED, REOPEN, BLOCKED, IN_REVIEW, COMPLETED, CANCELLED, BLOCK, PENDING'],
    ['priority=NOW', 'Priority must be one of LOW, MEDIUM, HIGH, URGENT'],
    ['sortBy=assignee', 'sortBy must be one of createdAt, updatedAt, title, dueDate, priority, status'],
    ['sortOrder=random', 'sortOrder must be asc or desc'],
  ])('%s is 400', async (query, message) => {
    const response = await list(`&${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  });

  it('needs a valid featureId; an unknown feature is 404; an empty one says no tasks', async () => {
    expect((await server.request('GET', '/api/v1/tasks', { cookie: admin.cookie })).status).toBe(400);
    expect((await server.request('GET', '/api/v1/tasks?featureId=x', { cookie: admin.cookie })).status).toBe(400);
    const unknown = await server.request('GET', `/api/v1/tasks?featureId=${randomUUID()}`, { cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Feature not found');
    const project = await buildProject(server, admin.cookie);
    const empty = await buildFeature(server, admin.cookie, project._id);
    const response = await server.request('GET', `/api/v1/tasks?featureId=${empty._id}`, { cookie: admin.cookie });
    expect(response.body).toEqual({
      success: true,
      message: 'No tasks found',
      total: 0,
      data: {
        tasks: [],
        statistics: { total: 0, todo: 0, inProgress: 0, inReview: 0, completed: 0, block: 0, cancelled: 0 },
        pagination: { currentPage: 1, pages: 0, count: 0 },
      },
    });
  });
});

describe('filters and search', () => {
  const withStatus = (...statuses: string[]) => newestFirst().filter((task) => statuses.includes(task.status)).map((task) => task.title);

  it.each(taskStatuses)('status=%s', async (status) => {
    expect(await listTitles(`&status=${status}&limit=100`)).toEqual(withStatus(status));
  });

  it('BLOCK is BLOCKED; PENDING is TODO and REOPEN', async () => {
    expect(await listTitles('&status=BLOCK&limit=100')).toEqual(withStatus('BLOCKED'));
    expect(await listTitles('&status=PENDING&limit=100')).toEqual(withStatus('TODO', 'REOPEN'));
    expect((await list('&status=PENDING')).body.total).toBe(3);
  });

  it.each(priorities)('priority=%s', async (priority) => {
    const expected = newestFirst().filter((task) => task.priority === priority).map((task) => task.title);
    expect(await listTitles(`&priority=${priority}&limit=100`)).toEqual(expected);
  });

  it('search matches title, description and tags, case-insensitively', async () => {
    expect(await listTitles('&search=APPLE')).toEqual(['apple api']);
    expect(await listTitles('&search=review')).toEqual(['Elder audit']);
    expect(await listTitles('&search=FORMS')).toEqual(['Date picker']);
    expect(await listTitles('&search=research')).toEqual(['Honeydew spike']);
    expect(await listTitles('&search=backend&status=PENDING')).toEqual(['Ice cache', 'apple api']);
    expect(await listTitles('&search=50%25')).toEqual(['Date picker']);
    expect(await listTitles('&search=s_l')).toEqual(['Ice cache']);
    expect(await listTitles('&search=zzz')).toEqual([]);
  });
});

describe('sorting', () => {
  const rank = <T extends string>(values: readonly T[]) => (value: T) => values.indexOf(value);
  const keys: Record<string, (task: TaskDetail) => string | number | null> = {
    title: (task) => task.title.toLowerCase(),
    dueDate: (task) => task.dueDate,
    priority: (task) => rank(priorities)(task.priority),
    status: (task) => rank(taskStatuses)(task.status),
    createdAt: (task) => created.indexOf(task),
    updatedAt: (task) => created.indexOf(task),
  };

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
      .map((task) => task.title);
  }

  for (const sortBy of ['title', 'dueDate', 'priority', 'status', 'createdAt', 'updatedAt']) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sortBy=${sortBy}&sortOrder=${order}`, async () => {
        expect(await listTitles(`&sortBy=${sortBy}&sortOrder=${order}&limit=100`)).toEqual(expectedOrder(sortBy, order));
      });
    }
  }

  it('sorts before it pages', async () => {
    expect(await listTitles('&sortBy=title&sortOrder=asc&limit=3&page=2')).toEqual(expectedOrder('title', 'asc').slice(3, 6));
  });
});
