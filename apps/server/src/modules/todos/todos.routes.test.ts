import { randomUUID } from 'node:crypto';
import type { Todo } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildSignedInUser, buildTodo } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await server.close();
});

const signedIn = async () => (await buildSignedInUser(server)).cookie;

/** A signed-in user with one TODO category. */
async function userWithCategory() {
  const cookie = await signedIn();
  const category = await buildCategory(server, cookie, { name: 'Work', color: '#EF4444' });
  return { cookie, category };
}

async function listTodos(cookie: string, query = ''): Promise<Todo[]> {
  const response = await server.request('GET', `/api/v1/todos${query}`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.todos as Todo[];
}

/** The full PUT body of a todo, with overrides. */
function fullBody(todo: Todo, overrides: Record<string, unknown> = {}) {
  return {
    title: todo.title,
    description: todo.description,
    priority: todo.priority,
    status: todo.status,
    dueDate: todo.dueDate,
    category: todo.category?._id ?? null,
    tags: todo.tags,
    isToday: todo.isToday,
    ...overrides,
  };
}

function expectRecent(iso: string | null) {
  expect(iso).not.toBeNull();
  expect(new Date(iso!).toISOString()).toBe(iso);
  expect(Math.abs(new Date(iso!).getTime() - Date.now())).toBeLessThan(60_000);
}

const isoTimestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const todoKeys = [
  '_id',
  'category',
  'completedAt',
  'createdAt',
  'description',
  'dueDate',
  'isToday',
  'priority',
  'recurrence',
  'recurrenceTimeZone',
  'status',
  'tags',
  'title',
  'updatedAt',
];

describe('signed out', () => {
  const id = randomUUID();
  const body = { title: 'T', category: randomUUID() };
  it.each([
    ['GET', '/api/v1/todos', undefined],
    ['GET', '/api/v1/todos?status=PENDING', undefined],
    ['POST', '/api/v1/todos', body],
    ['PUT', `/api/v1/todos/${id}`, body],
    ['DELETE', `/api/v1/todos/${id}`, undefined],
  ])('%s %s answers the 401 envelope', async (method, path, requestBody) => {
    const response = await server.request(method, path, { body: requestBody });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  // Signed out comes first: an invalid request from someone signed out is still 401, not 400.
  it.each([
    ['a bad filter', 'GET', '/api/v1/todos?status=NOPE', undefined, undefined],
    ['a bad today', 'GET', '/api/v1/todos?date=today&today=garbage', undefined, undefined],
    ['an empty body', 'POST', '/api/v1/todos', {}, undefined],
    ['malformed JSON', 'POST', '/api/v1/todos', undefined, '{"title": '],
    ['a non-UUID id', 'PUT', '/api/v1/todos/not-a-uuid', body, undefined],
    ['an invalid body', 'PUT', `/api/v1/todos/${id}`, { title: '' }, undefined],
    ['a non-UUID id', 'DELETE', '/api/v1/todos/12', undefined, undefined],
  ])('%s: %s %s is still 401 when signed out', async (_label, method, path, requestBody, rawBody) => {
    const response = await server.request(method, path, {
      body: requestBody,
      ...(rawBody ? { rawBody, headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(response.status, response.text).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('a signed-out PUT or DELETE changes nothing', async () => {
    const { cookie, category } = await userWithCategory();
    const todo = await buildTodo(server, cookie, { category: category._id, title: 'Mine' });
    const put = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
      body: fullBody(todo, { title: 'Hijacked', status: 'COMPLETED' }),
    });
    expect(put.status).toBe(401);
    const del = await server.request('DELETE', `/api/v1/todos/${todo._id}`);
    expect(del.status).toBe(401);
    expect(await listTodos(cookie)).toEqual([todo]);
  });

  it('answers 401 after sign-out with the old cookie', async () => {
    const { cookie, category } = await userWithCategory();
    const todo = await buildTodo(server, cookie, { category: category._id });
    expect((await server.request('POST', '/api/v1/auth/logout', { cookie })).status).toBe(200);
    for (const [method, path, requestBody] of [
      ['GET', '/api/v1/todos', undefined],
      ['POST', '/api/v1/todos', { title: 'Late', category: category._id }],
      ['PUT', `/api/v1/todos/${todo._id}`, fullBody(todo, { title: 'Late' })],
      ['DELETE', `/api/v1/todos/${todo._id}`, undefined],
    ] as const) {
      const response = await server.request(method, path, { cookie, body: requestBody });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });
});

describe('POST /api/v1/todos', () => {
  it('creates a todo: 201 with todo and data, defaults, the Todo shape', async () => {
    const { cookie, category } = await userWithCategory();
    const response = await server.request('POST', '/api/v1/todos', {
      cookie,
      body: { title: '  Buy milk  ', category: category._id },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: 'Todo created successfully' });
    expect(Object.keys(response.body).sort()).toEqual(['data', 'message', 'success', 'todo']);
    expect(response.body.data).toEqual(response.body.todo);
    const todo = response.body.todo as Todo;
    expect(Object.keys(todo).sort()).toEqual(todoKeys);
    expect(todo).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Buy milk',
      description: '',
      priority: 'MEDIUM',
      status: 'PENDING',
      dueDate: null,
      category: { _id: category._id, name: 'Work', color: '#EF4444', slug: category.slug },
      tags: [],
      completedAt: null,
      isToday: false,
      recurrence: null,
      recurrenceTimeZone: null,
      createdAt: isoTimestamp,
      updatedAt: isoTimestamp,
    });
    expect(await listTodos(cookie)).toEqual([todo]);
  });

  it('keeps every given field', async () => {
    const { cookie, category } = await userWithCategory();
    const response = await server.request('POST', '/api/v1/todos', {
      cookie,
      body: {
        title: 'Plan',
        description: '  Write the plan  ',
        priority: 'URGENT',
        status: 'IN_PROGRESS',
        dueDate: '2030-05-06',
        category: category._id,
        tags: ['  work ', 'home'],
        isToday: true,
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.todo).toMatchObject({
      title: 'Plan',
      description: 'Write the plan',
      priority: 'URGENT',
      status: 'IN_PROGRESS',
      dueDate: '2030-05-06T00:00:00.000Z',
      tags: ['work', 'home'],
      isToday: true,
      completedAt: null,
    });
  });

  it.each(['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'])('accepts status %s', async (status) => {
    const { cookie, category } = await userWithCategory();
    const todo = await buildTodo(server, cookie, { category: category._id, status });
    expect(todo.status).toBe(status);
  });

  it.each(['LOW', 'MEDIUM', 'HIGH', 'URGENT'])('accepts priority %s', async (priority) => {
    const { cookie, category } = await userWithCategory();
    const todo = await buildTodo(server, cookie, { category: category._id, priority });
    expect(todo.priority).toBe(priority);
  });

  it('ignores server-owned fields in the body (_id, owner, timestamps, category object)', async () => {
    const { cookie, category } = await userWithCategory();
    const { user: other } = await buildSignedInUser(server);
    const forgedId = randomUUID();
    const response = await server.request('POST', '/api/v1/todos', {
      cookie,
      body: {
        title: 'Forged',
        category: category._id,
        _id: forgedId,
        id: forgedId,
        ownerId: other.id,
        owner_id: other.id,
        createdAt: '2000-01-01T00:00:00.000Z',
        updatedAt: '2000-01-01T00:00:00.000Z',
      },
    });
    expect(response.status).toBe(201);
    const todo = response.body.todo as Todo;
    expect(todo._id).not.toBe(forgedId);
    expectRecent(todo.createdAt);
    expectRecent(todo.updatedAt);
    expect(await listTodos(cookie)).toEqual([todo]);
  });

  describe('dueDate', () => {
    let cookie: string;
    let categoryId: string;
    beforeAll(async () => {
      const made = await userWithCategory();
      cookie = made.cookie;
      categoryId = made.category._id;
    });

    it.each([
      ['2025-01-31', '2025-01-31T00:00:00.000Z'],
      ['2024-02-29', '2024-02-29T00:00:00.000Z'],
      ['2025-03-04T00:00:00.000Z', '2025-03-04T00:00:00.000Z'],
      ['2025-03-04T15:30:00Z', '2025-03-04T00:00:00.000Z'],
      ['2025-03-04T15:30:00.123Z', '2025-03-04T00:00:00.000Z'],
    ])('%j is stored as %j', async (dueDate, expected) => {
      const todo = await buildTodo(server, cookie, { category: categoryId, dueDate });
      expect(todo.dueDate).toBe(expected);
    });

    it('null or absent means no due date', async () => {
      expect((await buildTodo(server, cookie, { category: categoryId, dueDate: null })).dueDate).toBeNull();
      expect((await buildTodo(server, cookie, { category: categoryId })).dueDate).toBeNull();
    });

    it.each([
      'tomorrow',
      '',
      '31/01/2025',
      '2025-1-5',
      '2025-13-01',
      '2025-00-10',
      '2025-01-32',
      '2025-02-30',
      '2025-04-31',
      '2025-02-30T00:00:00Z',
      '0000-01-01',
      '20250101',
      12345,
      true,
      { date: '2025-01-01' },
    ])('rejects %j with 400', async (dueDate) => {
      const response = await server.request('POST', '/api/v1/todos', {
        cookie,
        body: { title: 'Bad date', category: categoryId, dueDate },
      });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ success: false });
      expect(response.body.errors?.[0]?.field).toBe('dueDate');
    });
  });

  describe('completedAt is the server’s', () => {
    it('is set when created COMPLETED', async () => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, { category: category._id, status: 'COMPLETED' });
      expectRecent(todo.completedAt);
    });

    it('ignores a client completedAt on a COMPLETED todo', async () => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, {
        category: category._id,
        status: 'COMPLETED',
        completedAt: '2000-01-01T00:00:00.000Z',
      });
      expectRecent(todo.completedAt);
    });

    it.each(['PENDING', 'IN_PROGRESS', 'CANCELLED'])('is null for a %s todo even if the client sends one', async (status) => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, {
        category: category._id,
        status,
        completedAt: '2000-01-01T00:00:00.000Z',
      });
      expect(todo.completedAt).toBeNull();
    });
  });

  describe('category must be one of the caller’s', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['null', null],
      ['not a UUID', 'work'],
      ['a number', 42],
      ['unknown', 'unknown'],
      ['another user’s', 'foreign'],
    ])('%s → 400 Please select a category', async (_label, value) => {
      const { cookie } = await userWithCategory();
      let category: unknown = value;
      if (value === 'unknown') category = randomUUID();
      if (value === 'foreign') category = (await buildCategory(server, await signedIn()))._id;
      const response = await server.request('POST', '/api/v1/todos', { cookie, body: { title: 'T', category } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message: 'Please select a category' });
      expect(response.body.errors).toContainEqual({ field: 'category', message: 'Please select a category' });
      expect(await listTodos(cookie)).toEqual([]);
    });

    it('accepts a category of another type than TODO if it is the caller’s', async () => {
      const cookie = await signedIn();
      const category = await buildCategory(server, cookie, { type: 'TASK' });
      const todo = await buildTodo(server, cookie, { category: category._id });
      expect(todo.category?._id).toBe(category._id);
    });
  });

  describe('validation', () => {
    let cookie: string;
    let categoryId: string;
    beforeAll(async () => {
      const made = await userWithCategory();
      cookie = made.cookie;
      categoryId = made.category._id;
    });
    const post = (body: Record<string, unknown>) =>
      server.request('POST', '/api/v1/todos', { cookie, body: { category: categoryId, ...body } });

    it.each([
      ['missing title', {}],
      ['empty title', { title: '' }],
      ['blank title', { title: '   ' }],
      ['null title', { title: null }],
    ])('%s → 400 Title is required', async (_label, body) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Title is required' });
      expect(response.body.errors).toContainEqual({ field: 'title', message: 'Title is required' });
    });

    it('accepts a 200-character title and rejects 201', async () => {
      expect((await post({ title: 't'.repeat(200) })).status).toBe(201);
      const response = await post({ title: 't'.repeat(201) });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('title');
    });

    it.each(['DONE', 'pending', '', null, 1])('rejects status %j', async (status) => {
      const response = await post({ title: 'T', status });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('status');
    });

    it.each(['CRITICAL', 'low', '', null, 2])('rejects priority %j', async (priority) => {
      const response = await post({ title: 'T', priority });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('priority');
    });

    it.each(['true', 1, 'yes', null])('rejects isToday %j', async (isToday) => {
      const response = await post({ title: 'T', isToday });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('isToday');
    });

    it.each([[['']], [['ok', '   ']]])('rejects empty tags %j: Tags cannot be empty', async (tags) => {
      const response = await post({ title: 'T', tags });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Tags cannot be empty');
      expect(response.body.errors[0].field).toMatch(/^tags/);
    });

    it('trims tags and allows 40 characters; rejects 41', async () => {
      const ok = await post({ title: 'T', tags: [` ${'a'.repeat(40)} `] });
      expect(ok.status).toBe(201);
      expect(ok.body.todo.tags).toEqual(['a'.repeat(40)]);
      const tooLong = await post({ title: 'T', tags: ['a'.repeat(41)] });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors[0].field).toMatch(/^tags/);
    });

    it('allows 20 tags; rejects 21', async () => {
      const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
      const ok = await post({ title: 'T', tags: twenty });
      expect(ok.status).toBe(201);
      expect(ok.body.todo.tags).toEqual(twenty);
      const response = await post({ title: 'T', tags: [...twenty, 't20'] });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toMatch(/^tags/);
    });

    it.each([['a, b'], [[1]], [[null]], [{ 0: 'a' }], [[['a']]], [null]])('rejects tags %j', async (tags) => {
      const response = await post({ title: 'T', tags });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toMatch(/^tags/);
    });

    it('description null becomes empty; a number is rejected; over 2000 characters is rejected', async () => {
      const ok = await post({ title: 'T', description: null });
      expect(ok.status).toBe(201);
      expect(ok.body.todo.description).toBe('');
      expect((await post({ title: 'T', description: 5 })).status).toBe(400);
      expect((await post({ title: 'T', description: 'd'.repeat(2001) })).status).toBe(400);
    });
  });
});

describe('GET /api/v1/todos', () => {
  it('answers success, todos and data (the same list) and a message; only the caller’s', async () => {
    const { cookie, category } = await userWithCategory();
    const other = await signedIn();
    await buildTodo(server, other, { title: 'Not mine' });
    const mine = await buildTodo(server, cookie, { category: category._id, title: 'Mine' });
    const response = await server.request('GET', '/api/v1/todos', { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, todos: [mine], data: [mine], message: expect.any(String) });
  });

  it('is an empty list (with a message) for a new user', async () => {
    const response = await server.request('GET', '/api/v1/todos', { cookie: await signedIn() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, todos: [], data: [], message: expect.any(String) });
  });

  it('sorts by due date ascending, no due date last, then newest first', async () => {
    const { cookie, category } = await userWithCategory();
    const make = (title: string, dueDate: string | null) =>
      buildTodo(server, cookie, { category: category._id, title, dueDate });
    await make('none-old', null);
    await make('later', '2030-03-01');
    await make('soon-old', '2030-01-01');
    await make('none-new', null);
    await make('soon-new', '2030-01-01');
    await make('past', '2020-06-15');
    const titles = (await listTodos(cookie)).map((t) => t.title);
    expect(titles).toEqual(['past', 'soon-new', 'soon-old', 'later', 'none-new', 'none-old']);
  });

  describe('filters', () => {
    let cookie: string;
    let work: string;
    let home: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      cookie = await signedIn();
      work = (await buildCategory(server, cookie, { name: 'Work' }))._id;
      home = (await buildCategory(server, cookie, { name: 'Home' }))._id;
      const specs: [string, Record<string, unknown>][] = [
        ['a', { category: work, status: 'PENDING', priority: 'LOW', isToday: true, dueDate: '2030-01-15' }],
        ['b', { category: work, status: 'COMPLETED', priority: 'HIGH', isToday: false, dueDate: '2030-01-16' }],
        ['c', { category: home, status: 'IN_PROGRESS', priority: 'URGENT', isToday: true, dueDate: null }],
        ['d', { category: home, status: 'CANCELLED', priority: 'MEDIUM', isToday: false, dueDate: '2030-01-15T12:00:00Z' }],
        ['e', { category: home, status: 'PENDING', priority: 'HIGH', isToday: false, dueDate: '2029-12-31' }],
      ];
      for (const [title, spec] of specs) ids[title] = (await buildTodo(server, cookie, { title, ...spec }))._id;
      // Someone else's todos never show up through any filter.
      const other = await signedIn();
      await buildTodo(server, other, { status: 'PENDING', priority: 'LOW', isToday: true, dueDate: '2030-01-15' });
    });

    const titles = async (query: string) => (await listTodos(cookie, query)).map((t) => t.title).sort();

    it.each([
      ['?status=PENDING', ['a', 'e']],
      ['?status=COMPLETED', ['b']],
      ['?status=IN_PROGRESS', ['c']],
      ['?status=CANCELLED', ['d']],
      ['?priority=LOW', ['a']],
      ['?priority=MEDIUM', ['d']],
      ['?priority=HIGH', ['b', 'e']],
      ['?priority=URGENT', ['c']],
      ['?isToday=true', ['a', 'c']],
      ['?isToday=false', ['b', 'd', 'e']],
      ['?date=today&today=2030-01-15', ['a', 'd']],
      ['?date=other&today=2030-01-15', ['b', 'c', 'e']],
      ['?date=today&today=2030-01-16', ['b']],
      ['?date=today&today=2031-01-01', []],
      ['?status=PENDING&priority=HIGH', ['e']],
      ['?isToday=true&status=PENDING', ['a']],
      ['?date=other&today=2030-01-15&status=PENDING', ['e']],
      ['?status=PENDING&priority=URGENT', []],
    ])('%s → %j', async (query, expected) => {
      expect(await titles(query)).toEqual(expected);
    });

    it('category filters by category id', async () => {
      expect(await titles(`?category=${work}`)).toEqual(['a', 'b']);
      expect(await titles(`?category=${home}&status=PENDING`)).toEqual(['e']);
      expect(await titles(`?category=${randomUUID()}`)).toEqual([]);
    });

    it('a category filter with another user’s category id shows none of their todos', async () => {
      const other = await signedIn();
      const theirs = await buildCategory(server, other);
      const theirTodo = await buildTodo(server, other, { category: theirs._id });
      expect(await titles(`?category=${theirs._id}`)).toEqual([]);
      expect(await listTodos(other, `?category=${theirs._id}`)).toEqual([theirTodo]);
    });

    it('keeps the sort order when filtered', async () => {
      expect((await listTodos(cookie, '?isToday=false')).map((t) => t.title)).toEqual(['e', 'd', 'b']);
    });
  });

  it('date=today without today= uses the server’s UTC date', async () => {
    const { cookie, category } = await userWithCategory();
    const today = new Date().toISOString().slice(0, 10);
    await buildTodo(server, cookie, { category: category._id, title: 'due today', dueDate: today });
    await buildTodo(server, cookie, { category: category._id, title: 'no date' });
    await buildTodo(server, cookie, { category: category._id, title: 'long ago', dueDate: '2001-01-01' });
    expect((await listTodos(cookie, '?date=today')).map((t) => t.title)).toEqual(['due today']);
    expect((await listTodos(cookie, '?date=other')).map((t) => t.title).sort()).toEqual(['long ago', 'no date']);
  });

  it.each([
    'status=DONE',
    'status=pending',
    'priority=CRITICAL',
    'category=not-a-uuid',
    'category=',
    'isToday=yes',
    'isToday=1',
    'isToday=TRUE',
    'date=tomorrow',
    'date=TODAY',
    'date=today&today=15-01-2030',
    'date=today&today=garbage',
    'date=today&today=2030-02-30',
    'date=other&today=2030-13-01',
    'status=PENDING&status=COMPLETED',
  ])('rejects ?%s with 400', async (query) => {
    const cookie = await signedIn();
    const response = await server.request('GET', `/api/v1/todos?${query}`, { cookie });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/v1/todos/:todoId', () => {
  it('answers one of the caller’s todos as the list shows it, in todo and data', async () => {
    const { cookie, category } = await userWithCategory();
    const todo = await buildTodo(server, cookie, { category: category._id, title: 'Find me', tags: ['home'] });
    const response = await server.request('GET', `/api/v1/todos/${todo._id}`, { cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Todo fetched successfully', todo, data: todo });
    expect(Object.keys(response.body.data as object).sort()).toEqual(todoKeys);
    expect((await listTodos(cookie)).find((item) => item._id === todo._id)).toEqual(todo);
  });

  it('without paging, each todo reads exactly as on its own: tags, a repeat, today, done, no category', async () => {
    // The unpaged list is read as plain rows with its timestamps written by the database (decision 045).
    const { cookie, category } = await userWithCategory();
    const doomed = await buildCategory(server, cookie, { name: 'Doomed' });
    await buildTodo(server, cookie, { category: category._id, title: 'Tagged', tags: ['a', 'b'], dueDate: '2030-01-02', isToday: true });
    await buildTodo(server, cookie, { category: category._id, title: 'Repeating', dueDate: '2030-01-03', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    await buildTodo(server, cookie, { category: category._id, title: 'Done', status: 'COMPLETED' });
    await buildTodo(server, cookie, { category: doomed._id, title: 'Orphan' });
    expect((await server.request('DELETE', `/api/v1/categories/${doomed._id}`, { cookie })).status).toBe(200);
    const listed = await listTodos(cookie);
    expect(listed.map((todo) => todo.title)).toEqual(['Tagged', 'Repeating', 'Orphan', 'Done']);
    expect(listed[0]).toMatchObject({ tags: ['a', 'b'], isToday: true, category: { _id: category._id, name: 'Work' } });
    expect(listed[1]).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(listed[2]?.category).toBeNull();
    expect(listed[3]?.completedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const todo of listed) {
      expect((await server.request('GET', `/api/v1/todos/${todo._id}`, { cookie })).body.todo).toEqual(todo);
    }
  });

  it('is 404 for another person’s todo, a deleted one or an unknown id, and 400 for a malformed id', async () => {
    const { cookie } = await userWithCategory();
    const theirs = await buildTodo(server, await signedIn(), { title: 'Not yours' });
    const gone = await buildTodo(server, cookie);
    expect((await server.request('DELETE', `/api/v1/todos/${gone._id}`, { cookie })).status).toBe(200);
    for (const id of [theirs._id, gone._id, randomUUID()]) {
      const response = await server.request('GET', `/api/v1/todos/${id}`, { cookie });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, message: expect.any(String) });
      expect(JSON.stringify(response.body)).not.toContain('Not yours');
    }
    const malformed = await server.request('GET', '/api/v1/todos/not-an-id', { cookie });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false });
  });

  it('is 401 signed out', async () => {
    const { cookie } = await userWithCategory();
    const todo = await buildTodo(server, cookie);
    const response = await server.request('GET', `/api/v1/todos/${todo._id}`);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false });
  });
});

describe('GET /api/v1/todos in pages (page, limit)', () => {
  let cookie: string;
  let work: string;
  let home: string;
  /** The caller's 25 todos, as the unpaged list answers them. */
  let all: Todo[];

  beforeAll(async () => {
    cookie = await signedIn();
    work = (await buildCategory(server, cookie, { name: 'Work' }))._id;
    home = (await buildCategory(server, cookie, { name: 'Home' }))._id;
    for (let index = 0; index < 25; index += 1) {
      await buildTodo(server, cookie, {
        title: `t${String(index).padStart(2, '0')}`,
        category: index % 2 ? work : home,
        status: index % 5 === 0 ? 'COMPLETED' : 'PENDING',
        priority: index % 3 === 0 ? 'HIGH' : 'LOW',
        dueDate: index % 4 === 0 ? null : `2030-01-${String((index % 7) + 1).padStart(2, '0')}`,
      });
    }
    // Someone else's todos: never listed, never counted.
    const other = await signedIn();
    for (let index = 0; index < 3; index += 1) await buildTodo(server, other, { status: 'COMPLETED', priority: 'HIGH' });
    all = await listTodos(cookie);
  });

  async function paged(query: string) {
    const response = await server.request('GET', `/api/v1/todos${query}`, { cookie });
    expect(response.status, response.text).toBe(200);
    return response.body as { success: true; todos: Todo[]; data: Todo[]; total: number; pagination: { total: number; page: number; limit: number }; message: string };
  }
  const titles = (todos: Todo[]) => todos.map((todo) => todo.title);

  it('without page or limit: every todo, in the spec\'s shape exactly (no total, no pagination)', async () => {
    const response = await server.request('GET', '/api/v1/todos', { cookie });
    expect(Object.keys(response.body)).toEqual(['success', 'todos', 'data', 'message']);
    expect(response.body.todos).toHaveLength(25);
    const filtered = await server.request('GET', '/api/v1/todos?status=COMPLETED', { cookie });
    expect(Object.keys(filtered.body)).toEqual(['success', 'todos', 'data', 'message']);
    expect(filtered.body.todos).toHaveLength(5);
  });

  it('one page, in the unpaged order, with total and pagination; the pages add up to the whole list', async () => {
    const first = await paged('?page=1&limit=10');
    // The keys, in any order (a JSON object's order carries no meaning).
    expect(Object.keys(first).sort()).toEqual(['data', 'message', 'pagination', 'success', 'todos', 'total']);
    expect(first).toMatchObject({ success: true, total: 25, pagination: { total: 3, page: 1, limit: 10 }, message: 'Todos fetched successfully' });
    expect(first.data).toEqual(first.todos);
    const second = await paged('?page=2&limit=10');
    const third = await paged('?page=3&limit=10');
    expect(third.todos).toHaveLength(5);
    expect([...first.todos, ...second.todos, ...third.todos]).toEqual(all);
  });

  it('a page past the end is empty with the real totals', async () => {
    expect(await paged('?page=4&limit=10')).toMatchObject({ todos: [], data: [], total: 25, pagination: { total: 3, page: 4, limit: 10 } });
    expect(await paged('?page=1000000&limit=100')).toMatchObject({ todos: [], total: 25, pagination: { total: 1, page: 1000000, limit: 100 } });
  });

  it('page alone pages by 10; limit alone is the first page', async () => {
    expect(await paged('?page=2')).toMatchObject({ total: 25, pagination: { total: 3, page: 2, limit: 10 } });
    expect(titles((await paged('?page=2')).todos)).toEqual(titles(all.slice(10, 20)));
    const firstSeven = await paged('?limit=7');
    expect(firstSeven).toMatchObject({ total: 25, pagination: { total: 4, page: 1, limit: 7 } });
    expect(titles(firstSeven.todos)).toEqual(titles(all.slice(0, 7)));
    expect((await paged('?limit=100')).todos).toEqual(all);
    expect((await paged('?limit=1')).todos).toEqual(all.slice(0, 1));
  });

  it.each([
    ['?status=COMPLETED&limit=2', (todo: Todo) => todo.status === 'COMPLETED'],
    ['?priority=HIGH&limit=3&page=2', (todo: Todo) => todo.priority === 'HIGH'],
    ['?status=PENDING&priority=LOW&limit=4&page=2', (todo: Todo) => todo.status === 'PENDING' && todo.priority === 'LOW'],
    ['?date=today&today=2030-01-02&limit=2', (todo: Todo) => todo.dueDate?.startsWith('2030-01-02') === true],
    ['?date=other&today=2030-01-02&status=COMPLETED&limit=3', (todo: Todo) => !todo.dueDate?.startsWith('2030-01-02') && todo.status === 'COMPLETED'],
  ])('%s: a page of the matching todos, and their number', async (query, matches) => {
    const matching = all.filter(matches);
    const limit = Number(new URLSearchParams(query).get('limit'));
    const page = Number(new URLSearchParams(query).get('page') ?? 1);
    const body = await paged(query);
    expect(matching.length).toBeGreaterThan(0);
    expect(body.total).toBe(matching.length);
    expect(body.pagination).toEqual({ total: Math.ceil(matching.length / limit), page, limit });
    expect(titles(body.todos)).toEqual(titles(matching.slice((page - 1) * limit, page * limit)));
  });

  it('category filters a page too; another user\'s category matches none of mine', async () => {
    const body = await paged(`?category=${work}&limit=5`);
    expect(body.total).toBe(12);
    expect(body.todos.every((todo) => todo.category?._id === work)).toBe(true);
    const other = await signedIn();
    const theirs = await buildCategory(server, other);
    expect(await paged(`?category=${theirs._id}&page=1&limit=10`)).toMatchObject({ todos: [], total: 0, pagination: { total: 0, page: 1, limit: 10 }, message: 'No todos found' });
  });

  it('a new user gets an empty first page', async () => {
    const response = await server.request('GET', '/api/v1/todos?page=1&limit=24', { cookie: await signedIn() });
    expect(response.body).toEqual({ success: true, todos: [], data: [], total: 0, pagination: { total: 0, page: 1, limit: 24 }, message: 'No todos found' });
  });

  it.each([
    ['page=0', 'page must be a whole number from 1 to 1000000'],
    ['page=-1', 'page must be a whole number from 1 to 1000000'],
    ['page=1000001', 'page must be a whole number from 1 to 1000000'],
    ['page=two', 'page must be a whole number from 1 to 1000000'],
    ['page=1.5', 'page must be a whole number from 1 to 1000000'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit must be a whole number from 1 to 100'],
    ['limit=2.5', 'limit must be a whole number from 1 to 100'],
    ['limit=10&limit=20', 'limit must be a whole number from 1 to 100'],
    ['page=1&status=DONE', 'Status must be one of'],
  ])('?%s is 400 in the error envelope', async (query, message) => {
    const response = await server.request('GET', `/api/v1/todos?${query}`, { cookie });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.body.message).toContain(message);
  });
});

describe('PUT /api/v1/todos/:todoId', () => {
  it('replaces the todo: 200 with todo and data', async () => {
    const { cookie, category } = await userWithCategory();
    const other = await buildCategory(server, cookie, { name: 'Home', color: '#10B981' });
    const todo = await buildTodo(server, cookie, { category: category._id, title: 'Old', tags: ['x'], isToday: true });
    const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
      cookie,
      body: {
        title: '  New  ',
        description: 'Now with words',
        priority: 'HIGH',
        status: 'IN_PROGRESS',
        dueDate: '2031-07-08',
        category: other._id,
        tags: [' y ', 'z'],
        isToday: false,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Todo updated successfully' });
    expect(Object.keys(response.body).sort()).toEqual(['data', 'message', 'success', 'todo']);
    expect(response.body.data).toEqual(response.body.todo);
    expect(response.body.todo).toEqual({
      _id: todo._id,
      title: 'New',
      description: 'Now with words',
      priority: 'HIGH',
      status: 'IN_PROGRESS',
      dueDate: '2031-07-08T00:00:00.000Z',
      category: { _id: other._id, name: 'Home', color: '#10B981', slug: other.slug },
      tags: ['y', 'z'],
      completedAt: null,
      isToday: false,
      recurrence: null,
      recurrenceTimeZone: null,
      createdAt: todo.createdAt,
      updatedAt: isoTimestamp,
    });
    expect(new Date(response.body.todo.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(todo.updatedAt).getTime());
    expect(await listTodos(cookie)).toEqual([response.body.todo]);
  });

  it('is a full replacement: omitted optional fields go back to their defaults', async () => {
    const { cookie, category } = await userWithCategory();
    const todo = await buildTodo(server, cookie, {
      category: category._id,
      description: 'desc',
      priority: 'URGENT',
      status: 'IN_PROGRESS',
      dueDate: '2030-01-01',
      tags: ['a'],
      isToday: true,
    });
    const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
      cookie,
      body: { title: 'Bare', category: category._id },
    });
    expect(response.status).toBe(200);
    expect(response.body.todo).toMatchObject({
      title: 'Bare',
      description: '',
      priority: 'MEDIUM',
      status: 'PENDING',
      dueDate: null,
      tags: [],
      isToday: false,
    });
  });

  describe('completedAt', () => {
    it('is set when the status becomes COMPLETED, whatever the client sends', async () => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, { category: category._id });
      const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
        cookie,
        body: fullBody(todo, { status: 'COMPLETED', completedAt: '2000-01-01T00:00:00.000Z' }),
      });
      expect(response.status).toBe(200);
      expectRecent(response.body.todo.completedAt);
    });

    it('is kept while the todo stays COMPLETED, even if the client sends another value or null', async () => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, { category: category._id, status: 'COMPLETED' });
      expectRecent(todo.completedAt);
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const completedAt of ['2000-01-01T00:00:00.000Z', null, undefined]) {
        const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
          cookie,
          body: fullBody(todo, { title: `Edited ${String(completedAt)}`, completedAt }),
        });
        expect(response.status).toBe(200);
        expect(response.body.todo.completedAt).toBe(todo.completedAt);
      }
      expect((await listTodos(cookie))[0]!.completedAt).toBe(todo.completedAt);
    });

    it.each(['PENDING', 'IN_PROGRESS', 'CANCELLED'])(
      'is cleared when the status leaves COMPLETED for %s, whatever the client sends',
      async (status) => {
        const { cookie, category } = await userWithCategory();
        const todo = await buildTodo(server, cookie, { category: category._id, status: 'COMPLETED' });
        const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
          cookie,
          body: fullBody(todo, { status, completedAt: todo.completedAt }),
        });
        expect(response.status).toBe(200);
        expect(response.body.todo.completedAt).toBeNull();
      },
    );

    it('is set afresh when a todo is completed again', async () => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, { category: category._id, status: 'COMPLETED' });
      const put = (status: string) =>
        server.request('PUT', `/api/v1/todos/${todo._id}`, { cookie, body: fullBody(todo, { status }) });
      expect((await put('PENDING')).body.todo.completedAt).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const again = await put('COMPLETED');
      expectRecent(again.body.todo.completedAt);
      expect(new Date(again.body.todo.completedAt).getTime()).toBeGreaterThan(new Date(todo.completedAt!).getTime());
    });

    it('stays null for a todo that stays not completed', async () => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, { category: category._id, status: 'IN_PROGRESS' });
      const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
        cookie,
        body: fullBody(todo, { completedAt: '2000-01-01T00:00:00.000Z' }),
      });
      expect(response.status).toBe(200);
      expect(response.body.todo.completedAt).toBeNull();
    });
  });

  describe('category', () => {
    it('null is refused for a todo that has a category: 400 Please select a category, unchanged', async () => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, { category: category._id, title: 'Keep' });
      const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
        cookie,
        body: fullBody(todo, { title: 'Changed', category: null }),
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message: 'Please select a category' });
      expect(await listTodos(cookie)).toEqual([todo]);
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['not a UUID', 'work'],
      ['unknown', 'unknown'],
      ['another user’s', 'foreign'],
    ])('%s → 400 Please select a category, unchanged', async (_label, value) => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, { category: category._id });
      let newCategory: unknown = value;
      if (value === 'unknown') newCategory = randomUUID();
      if (value === 'foreign') newCategory = (await buildCategory(server, await signedIn()))._id;
      const body: Record<string, unknown> = fullBody(todo, { title: 'Changed', category: newCategory });
      if (value === undefined) delete body.category;
      const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, { cookie, body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message: 'Please select a category' });
      expect(await listTodos(cookie)).toEqual([todo]);
    });

    it('null is allowed for a todo whose category was deleted; a new category can then be chosen', async () => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, { category: category._id, title: 'Orphan' });
      expect((await server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie })).status).toBe(200);
      const [orphan] = await listTodos(cookie);
      expect(orphan).toMatchObject({ _id: todo._id, category: null });

      const saved = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
        cookie,
        body: fullBody(orphan!, { title: 'Still orphan', status: 'COMPLETED' }),
      });
      expect(saved.status).toBe(200);
      expect(saved.body.todo).toMatchObject({ title: 'Still orphan', category: null, status: 'COMPLETED' });
      expectRecent(saved.body.todo.completedAt);

      const fresh = await buildCategory(server, cookie, { name: 'Fresh' });
      const adopted = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
        cookie,
        body: fullBody(saved.body.todo, { category: fresh._id }),
      });
      expect(adopted.status).toBe(200);
      expect(adopted.body.todo.category).toEqual({ _id: fresh._id, name: 'Fresh', color: fresh.color, slug: fresh.slug });
      expect(adopted.body.todo.completedAt).toBe(saved.body.todo.completedAt);
    });
  });

  describe('ownership', () => {
    it('another user’s todo is 404 and unchanged (with the intruder’s own category)', async () => {
      const { cookie: owner, category } = await userWithCategory();
      const todo = await buildTodo(server, owner, { category: category._id, title: 'Private' });
      const { cookie: intruder, category: theirs } = await userWithCategory();
      const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
        cookie: intruder,
        body: fullBody(todo, { title: 'Hijacked', category: theirs._id, status: 'COMPLETED' }),
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(await listTodos(owner)).toEqual([todo]);
      expect(await listTodos(intruder)).toEqual([]);
    });

    it('another user’s todo with a null category is 404 and unchanged', async () => {
      const { cookie: owner, category } = await userWithCategory();
      const todo = await buildTodo(server, owner, { category: category._id });
      const intruder = await signedIn();
      const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
        cookie: intruder,
        body: fullBody(todo, { title: 'Hijacked', category: null }),
      });
      expect(response.status).toBe(404);
      expect(await listTodos(owner)).toEqual([todo]);
    });

    it('another user’s todo whose category was deleted is 404 and unchanged', async () => {
      const { cookie: owner, category } = await userWithCategory();
      const todo = await buildTodo(server, owner, { category: category._id });
      await server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie: owner });
      const [before] = await listTodos(owner);
      const intruder = await signedIn();
      const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
        cookie: intruder,
        body: fullBody(before!, { title: 'Hijacked' }),
      });
      expect(response.status).toBe(404);
      expect(await listTodos(owner)).toEqual([before]);
    });

    it('an unknown id is 404', async () => {
      const { cookie, category } = await userWithCategory();
      const response = await server.request('PUT', `/api/v1/todos/${randomUUID()}`, {
        cookie,
        body: { title: 'T', category: category._id },
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });

    it('a non-UUID id is 400', async () => {
      const { cookie, category } = await userWithCategory();
      const response = await server.request('PUT', '/api/v1/todos/not-a-uuid', {
        cookie,
        body: { title: 'T', category: category._id },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    });
  });

  it.each(['2025-02-30', '2025-04-31', '0000-01-01', '2025-02-30T00:00:00Z'])(
    'rejects the impossible dueDate %j with 400 and leaves the todo unchanged',
    async (dueDate) => {
      const { cookie, category } = await userWithCategory();
      const todo = await buildTodo(server, cookie, { category: category._id, dueDate: '2030-01-01' });
      const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
        cookie,
        body: fullBody(todo, { dueDate }),
      });
      expect(response.status, response.text).toBe(400);
      expect(await listTodos(cookie)).toEqual([todo]);
    },
  );

  it('validates like create and leaves the todo unchanged', async () => {
    const { cookie, category } = await userWithCategory();
    const todo = await buildTodo(server, cookie, { category: category._id });
    const bodies = [
      fullBody(todo, { title: '   ' }),
      fullBody(todo, { title: 't'.repeat(201) }),
      fullBody(todo, { status: 'DONE' }),
      fullBody(todo, { priority: 'CRITICAL' }),
      fullBody(todo, { tags: [''] }),
      fullBody(todo, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }),
      fullBody(todo, { dueDate: 'soon' }),
      fullBody(todo, { isToday: 'true' }),
    ];
    for (const body of bodies) {
      const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const titleRequired = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
      cookie,
      body: fullBody(todo, { title: '' }),
    });
    expect(titleRequired.body.message).toBe('Title is required');
    expect(await listTodos(cookie)).toEqual([todo]);
  });
});

describe('DELETE /api/v1/todos/:todoId', () => {
  it('deletes the caller’s todo: 200 with the envelope', async () => {
    const { cookie, category } = await userWithCategory();
    const todo = await buildTodo(server, cookie, { category: category._id, title: 'Bye' });
    const keep = await buildTodo(server, cookie, { category: category._id, title: 'Stay' });
    const response = await server.request('DELETE', `/api/v1/todos/${todo._id}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Todo deleted successfully' });
    expect(await listTodos(cookie)).toEqual([keep]);
    const again = await server.request('DELETE', `/api/v1/todos/${todo._id}`, { cookie });
    expect(again.status).toBe(404);
  });

  it('another user’s todo is 404 and still there', async () => {
    const { cookie: owner, category } = await userWithCategory();
    const todo = await buildTodo(server, owner, { category: category._id });
    const intruder = await signedIn();
    const response = await server.request('DELETE', `/api/v1/todos/${todo._id}`, { cookie: intruder });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await listTodos(owner)).toEqual([todo]);
  });

  it('an unknown id is 404; a non-UUID id is 400', async () => {
    const cookie = await signedIn();
    const unknown = await server.request('DELETE', `/api/v1/todos/${randomUUID()}`, { cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const bad = await server.request('DELETE', '/api/v1/todos/12', { cookie });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('leaves the category in place', async () => {
    const { cookie, category } = await userWithCategory();
    const todo = await buildTodo(server, cookie, { category: category._id });
    await server.request('DELETE', `/api/v1/todos/${todo._id}`, { cookie });
    const categories = await server.request('GET', '/api/v1/categories/all', { cookie });
    expect(categories.body.categories.map((c: { _id: string }) => c._id)).toEqual([category._id]);
  });
});

describe('bad input never makes a 500', () => {
  let cookie: string;
  let categoryId: string;
  let todo: Todo;
  beforeAll(async () => {
    const made = await userWithCategory();
    cookie = made.cookie;
    categoryId = made.category._id;
    todo = await buildTodo(server, cookie, { category: categoryId, title: 'Untouched' });
  });

  const raw = (method: string, path: string, rawBody: string) =>
    server.request(method, path, { cookie, rawBody, headers: { 'content-type': 'application/json' } });

  it.each(['POST', 'PUT'])('%s with malformed JSON → 400', async (method) => {
    const path = method === 'POST' ? '/api/v1/todos' : `/api/v1/todos/${todo._id}`;
    const response = await raw(method, path, '{"title": "x",');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false });
  });

  it.each([
    ['an empty body', ''],
    ['an array', '[]'],
    ['an array holding a todo', JSON.stringify([{ title: 'T', category: 'C' }])],
    ['a string', '"todo"'],
    ['a number', '5'],
    ['null', 'null'],
    ['title as an object', JSON.stringify({ title: { $ne: null }, category: 'C' })],
    ['title as an array', JSON.stringify({ title: ['T'], category: 'C' })],
    // An object carrying _id is the category as a read gives it, and accepted (round-trip.routes.test.ts).
    ['category as an operator object', JSON.stringify({ title: 'T', category: { $ne: 'C' } })],
    ['category as an object whose _id is not an id', JSON.stringify({ title: 'T', category: { _id: { $ne: 'C' } } })],
    ['tags as an object', JSON.stringify({ title: 'T', category: 'C', tags: { a: 1 } })],
    ['a deep object', JSON.stringify({ title: 'T', category: 'C', description: { a: { b: { c: [1, 2, 3] } } } })],
  ])('POST and PUT with %s → 400', async (_label, body) => {
    const resolved = body.replaceAll('"C"', JSON.stringify(categoryId));
    for (const [method, path] of [
      ['POST', '/api/v1/todos'],
      ['PUT', `/api/v1/todos/${todo._id}`],
    ] as const) {
      const response = await raw(method, path, resolved);
      expect(response.status, `${method} ${response.text}`).toBe(400);
      expect(response.body).toMatchObject({ success: false });
    }
  });

  it('huge strings → 400 or 413', async () => {
    const bodies = [
      { title: 't'.repeat(300_000), category: categoryId },
      { title: 'T', category: categoryId, description: 'd'.repeat(500_000) },
      { title: 'T', category: categoryId, tags: ['x'.repeat(100_000)] },
      { title: 'T', category: 'c'.repeat(100_000) },
      { title: 'T', category: categoryId, dueDate: '2'.repeat(100_000) },
      { title: 'T', category: categoryId, tags: Array.from({ length: 50_000 }, () => 'a') },
      { title: 'x'.repeat(2 * 1024 * 1024), category: categoryId },
    ];
    for (const body of bodies) {
      for (const [method, path] of [
        ['POST', '/api/v1/todos'],
        ['PUT', `/api/v1/todos/${todo._id}`],
      ] as const) {
        const response = await server.request(method, path, { cookie, body });
        expect([400, 413], `${method} ${response.text.slice(0, 200)}`).toContain(response.status);
        expect(response.body).toMatchObject({ success: false });
      }
    }
  });

  it('a huge query string → 400 (or 414), never 500', async () => {
    const response = await server.request('GET', `/api/v1/todos?category=${'a'.repeat(5_000)}`, { cookie });
    expect([400, 414]).toContain(response.status);
  });

  it('a form-encoded body → 415; a text body → 400 or 415', async () => {
    const form = await server.request('POST', '/api/v1/todos', {
      cookie,
      rawBody: `title=T&category=${categoryId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const text = await server.request('POST', '/api/v1/todos', {
      cookie,
      rawBody: `title=T&category=${categoryId}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect([400, 415]).toContain(text.status);
    expect(text.body).toMatchObject({ success: false });
  });

  // PostgreSQL text cannot hold U+0000: such a value must be refused as input, not crash the query.
  it.each([
    ['title', { title: 'Bad\u0000title' }],
    ['description', { title: 'T', description: 'nul \u0000 inside' }],
    ['a tag', { title: 'T', tags: ['ok', 'bad\u0000tag'] }],
  ])('a NUL character in %s → 400 on POST and PUT, never 500', async (_label, fields) => {
    for (const [method, path] of [
      ['POST', '/api/v1/todos'],
      ['PUT', `/api/v1/todos/${todo._id}`],
    ] as const) {
      const response = await server.request(method, path, { cookie, body: { category: categoryId, ...fields } });
      expect(response.status, `${method} ${response.text}`).toBe(400);
      expect(response.body).toMatchObject({ success: false });
    }
  });

  // The date part is valid, but its UTC date is in year 10000, which no date column holds.
  it.each(['9999-12-31T23:00:00-05:00', '9999-12-31T20:00:00-12:00'])(
    'a dueDate %j whose UTC day is past 9999-12-31 → 400 on POST and PUT, never 500',
    async (dueDate) => {
      for (const [method, path] of [
        ['POST', '/api/v1/todos'],
        ['PUT', `/api/v1/todos/${todo._id}`],
      ] as const) {
        const response = await server.request(method, path, {
          cookie,
          body: { title: 'T', category: categoryId, dueDate },
        });
        expect(response.status, `${method} ${response.text}`).toBe(400);
        expect(response.body).toMatchObject({ success: false });
      }
    },
  );

  it('a today= whose UTC day is past 9999-12-31 → 400, never 500', async () => {
    const response = await server.request(
      'GET',
      `/api/v1/todos?date=today&today=${encodeURIComponent('9999-12-31T23:00:00-05:00')}`,
      { cookie },
    );
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('the todo survived all of it, and nothing else was made', async () => {
    expect(await listTodos(cookie)).toEqual([todo]);
  });
});

describe('a category deleted while a todo is being saved with it', () => {
  // The category check and the write are separate statements: the delete can land in between.
  // Either order is fine (the todo saved, then left without a category; or 400 'Please select a
  // category'), but never a 500.
  it('POST racing the category’s DELETE: 201 or 400, never 500, and a consistent result', async () => {
    const cookie = await signedIn();
    for (let round = 0; round < 10; round += 1) {
      const category = await buildCategory(server, cookie);
      const [create, remove] = await Promise.all([
        server.request('POST', '/api/v1/todos', { cookie, body: { title: `race ${round}`, category: category._id } }),
        server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie }),
      ]);
      expect(remove.status).toBe(200);
      expect([201, 400], `round ${round}: ${create.status} ${create.text}`).toContain(create.status);
      if (create.status === 400) expect(create.body.message).toBe('Please select a category');
    }
    const todos = await listTodos(cookie);
    expect(todos.every((todo) => todo.category === null)).toBe(true);
  });

  it('PUT racing the new category’s DELETE: 200 or 400, never 500, and a consistent result', async () => {
    const cookie = await signedIn();
    for (let round = 0; round < 10; round += 1) {
      const current = await buildCategory(server, cookie);
      const next = await buildCategory(server, cookie);
      const todo = await buildTodo(server, cookie, { category: current._id, title: `race ${round}` });
      const [update, remove] = await Promise.all([
        server.request('PUT', `/api/v1/todos/${todo._id}`, { cookie, body: fullBody(todo, { category: next._id }) }),
        server.request('DELETE', `/api/v1/categories/${next._id}`, { cookie }),
      ]);
      expect(remove.status).toBe(200);
      expect([200, 400], `round ${round}: ${update.status} ${update.text}`).toContain(update.status);
      const [after] = await listTodos(cookie, `?category=${current._id}`);
      if (update.status === 200) {
        expect(after).toBeUndefined();
      } else {
        expect(update.body.message).toBe('Please select a category');
        expect(after).toEqual(todo);
      }
    }
  });
});
