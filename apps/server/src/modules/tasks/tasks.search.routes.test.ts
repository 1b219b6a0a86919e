import { matchesSearch, matchesTaskSearch, type BoardColumn, type Feature, type Task } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsOf } from '../../../test/board.js';
import { buildCategory, buildFeature, buildProject, buildSignedInUser, buildTask, type SignedInUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/**
 * The server filters lists in SQL, the web app filters loaded lists with the contract's rule
 * (rules/search.ts): both must mean the same. Each tricky search below is answered by the API
 * and by the rule over the same rows, and the two must agree.
 */
let server: TestServer;
let admin: SignedInUser;
let projectId: string;
let featureId: string;

const taskSpecs = [
  { title: 'Fix the Login form', description: 'Users see it on Safari', tags: ['frontend', 'auth'] },
  { title: 'Form for billing', description: 'The LOGIN link moves', tags: ['Q3 release'] },
  { title: 'Ship 50% of the docs', description: 'snake_case names stay', tags: [] },
  { title: "O'Brien's checklist", description: 'Back\\slash and 100% sure', tags: ['ops_team'] },
  { title: 'Élan vital', description: 'naïve café', tags: ['Ünicode'] },
  { title: 'login', description: '', tags: ['%'] },
];

const featureSpecs = [
  { title: 'Login and signup', description: 'OAuth providers' },
  { title: 'Billing form', description: '100% of invoices, login required' },
  { title: 'snake_case API', description: "O'Brien asked" },
];

const searches = [
  'login',
  'LOGIN form',
  'form login',
  'login frontend',
  'login billing',
  'frontend auth',
  'q3',
  'q3 release',
  'release q3',
  'frontendauth',
  '50%',
  '%',
  '_',
  'e_c',
  'l_gin',
  "o'brien",
  "' OR '1'='1",
  '\\',
  'back\\slash',
  'login.',
  'élan',
  'ÉLAN NAÏVE',
  'ünicode',
  '  spaced    words  ',
  'nothing of the kind',
];

beforeAll(async () => {
  server = await startTestServer();
  admin = await buildSignedInUser(server);
  projectId = (await buildProject(server, admin.cookie))._id;
  featureId = (await buildFeature(server, admin.cookie, projectId))._id;
  const categoryId = (await buildCategory(server, admin.cookie, { type: 'TASK' }))._id;
  for (const spec of taskSpecs) await buildTask(server, admin.cookie, featureId, { ...spec, categoryId });
  for (const spec of featureSpecs) await buildFeature(server, admin.cookie, projectId, spec);
});

afterAll(async () => {
  await server.close();
});

async function listTasks(search?: string): Promise<Task[]> {
  const query = search === undefined ? '' : `&search=${encodeURIComponent(search)}`;
  const response = await server.request('GET', `/api/v1/tasks?featureId=${featureId}&limit=100${query}`, { cookie: admin.cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data.tasks as Task[];
}

async function listFeatures(search?: string): Promise<Feature[]> {
  const query = search === undefined ? '' : `&search=${encodeURIComponent(search)}`;
  const response = await server.request('GET', `/api/v1/features?projectId=${projectId}&limit=100${query}`, { cookie: admin.cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Feature[];
}

async function boardCards(search?: string): Promise<{ titles: string[]; total: number; statisticsTotal: number }> {
  const query = search === undefined ? '' : `&search=${encodeURIComponent(search)}`;
  const response = await server.request('GET', `/api/v1/tasks/board?featureId=${featureId}${query}`, { cookie: admin.cookie });
  expect(response.status, response.text).toBe(200);
  const body = response.body as { data: { columns: BoardColumn[]; statistics: { total: number } }; total: number };
  return { titles: titles(cardsOf(body)), total: body.total, statisticsTotal: body.data.statistics.total };
}

async function listAssigned(search?: string): Promise<Task[]> {
  const query = search === undefined ? '' : `&search=${encodeURIComponent(search)}`;
  const response = await server.request('GET', `/api/v1/users/tasks?limit=100${query}`, { cookie: admin.cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Task[];
}

const titles = (rows: Array<{ title: string }>) => rows.map((row) => row.title).sort();

describe('search means the same in SQL and in the contract rule', () => {
  it.each(searches)('tasks of a feature: %j', async (search) => {
    const all = await listTasks();
    expect(all).toHaveLength(taskSpecs.length);
    expect(titles(await listTasks(search))).toEqual(titles(all.filter((task) => matchesTaskSearch(task, search))));
  });

  it.each(searches)('the board of a feature (cards have no description; the server searches it): %j', async (search) => {
    const all = await listTasks();
    const expected = titles(all.filter((task) => matchesTaskSearch(task, search)));
    const board = await boardCards(search);
    expect(board.titles).toEqual(expected);
    expect(board.total).toBe(expected.length);
    // The tiles count the whole feature, as the list's do.
    expect(board.statisticsTotal).toBe(taskSpecs.length);
  });

  it.each(searches)('features of a project: %j', async (search) => {
    const all = await listFeatures();
    expect(titles(await listFeatures(search))).toEqual(titles(all.filter((feature) => matchesSearch([feature.title, feature.description], search))));
  });

  it('assigned tasks too, and the tricky inputs find what they should', async () => {
    const ids = (await listTasks()).map((task) => task._id);
    for (const id of ids) {
      const response = await server.request('PUT', `/api/v1/tasks/${id}`, { cookie: admin.cookie, body: { assigneeId: admin.user.id } });
      expect(response.status, response.text).toBe(200);
    }
    const all = await listAssigned();
    for (const search of searches) {
      expect(titles(await listAssigned(search)), search).toEqual(titles(all.filter((task) => matchesTaskSearch(task, search))));
    }
    // What the rule says, spelled out for a few.
    expect(titles(await listAssigned('form login'))).toEqual(['Fix the Login form', 'Form for billing']);
    expect(titles(await listAssigned('%'))).toEqual(['Ship 50% of the docs', "O'Brien's checklist", 'login'].sort());
    expect(titles(await listAssigned('_'))).toEqual(["O'Brien's checklist", 'Ship 50% of the docs'].sort());
    expect(titles(await listAssigned('ÉLAN NAÏVE'))).toEqual(['Élan vital']);
  });
});
