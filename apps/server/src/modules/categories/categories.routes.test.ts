import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
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

async function countRows(ownerCookieUserId: string, slug: string): Promise<number> {
  const result = await server.database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from categories where owner_id = ${ownerCookieUserId} and slug = ${slug}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows) as { count: number }[];
  return Number(rows[0]!.count);
}

async function listAll(cookie: string) {
  const response = await server.request('GET', '/api/v1/categories/all', { cookie });
  expect(response.status).toBe(200);
  return response.body.categories as { _id: string; slug: string; type: string }[];
}

const categoryShape = {
  _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  name: expect.any(String),
  slug: expect.any(String),
  type: expect.any(String),
  color: expect.any(String),
  workspaceId: null,
  createdAt: expect.any(String),
};

describe('signed out', () => {
  it.each([
    ['GET', '/api/v1/categories/all', undefined],
    ['GET', '/api/v1/categories', undefined],
    ['GET', '/api/v1/categories?type=TODO', undefined],
    ['POST', '/api/v1/categories', { name: 'Work', slug: 'work' }],
    ['DELETE', `/api/v1/categories/${randomUUID()}`, undefined],
  ])('%s %s answers the 401 envelope', async (method, path, body) => {
    const response = await server.request(method, path, { body });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  // Signed out comes first: an invalid request from someone signed out is still 401, not 400.
  it.each([
    ['an unknown type', 'GET', '/api/v1/categories?type=NOPE', undefined, undefined],
    ['a non-UUID id', 'DELETE', '/api/v1/categories/not-a-uuid', undefined, undefined],
    ['an empty body', 'POST', '/api/v1/categories', {}, undefined],
    ['an invalid body', 'POST', '/api/v1/categories', { name: '', slug: 'Not A Slug', color: 'red' }, undefined],
    ['malformed JSON', 'POST', '/api/v1/categories', undefined, '{"name": '],
  ])('%s: %s %s is still 401 when signed out', async (_label, method, path, body, rawBody) => {
    const response = await server.request(method, path, {
      body,
      ...(rawBody ? { rawBody, headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(response.status, response.text).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('a signed-out DELETE leaves the category in place', async () => {
    const owner = await signedIn();
    const category = await buildCategory(server, owner);
    const response = await server.request('DELETE', `/api/v1/categories/${category._id}`);
    expect(response.status).toBe(401);
    expect((await listAll(owner)).map((c) => c._id)).toEqual([category._id]);
  });

  it('answers 401 after sign-out with the old cookie', async () => {
    const cookie = await signedIn();
    expect((await server.request('POST', '/api/v1/auth/logout', { cookie })).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/api/v1/categories/all', undefined],
      ['POST', '/api/v1/categories', { name: 'Late', slug: 'late' }],
    ] as const) {
      const response = await server.request(method, path, { cookie, body });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('answers 401 to a made-up session cookie', async () => {
    const response = await server.request('GET', '/api/v1/categories/all', {
      cookie: `tasklane_session=${'a'.repeat(43)}`,
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('GET /api/v1/categories/all', () => {
  it('lists only the caller’s own categories, in the Category shape', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const a = await buildCategory(server, mine, { name: 'Alpha', slug: 'alpha' });
    const b = await buildCategory(server, mine, { name: 'Beta', slug: 'beta', type: 'PROJECT' });
    await buildCategory(server, theirs, { name: 'Other', slug: 'other' });

    const response = await server.request('GET', '/api/v1/categories/all', { cookie: mine });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(Object.keys(response.body).sort()).toEqual(['categories', 'success']);
    const categories = response.body.categories as Record<string, unknown>[];
    expect(categories.map((c) => c._id).sort()).toEqual([a._id, b._id].sort());
    for (const category of categories) {
      expect(category).toEqual(categoryShape);
      expect(Object.keys(category).sort()).toEqual(Object.keys(categoryShape).sort());
      expect(new Date(category.createdAt as string).toISOString()).toBe(category.createdAt);
    }
  });

  it('is an empty list for a new user', async () => {
    expect(await listAll(await signedIn())).toEqual([]);
  });

  it('is ordered by name, whatever the type or the order of creation', async () => {
    const cookie = await signedIn();
    for (const [name, type] of [
      ['Gamma', 'TODO'],
      ['Alpha', 'BLOG'],
      ['Delta', 'TODO'],
      ['Beta', 'TASK'],
    ]) {
      await buildCategory(server, cookie, { name, type });
    }
    const response = await server.request('GET', '/api/v1/categories/all', { cookie });
    expect(response.body.categories.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    const todo = await server.request('GET', '/api/v1/categories?type=TODO', { cookie });
    expect(todo.body.categories.map((c: { name: string }) => c.name)).toEqual(['Delta', 'Gamma']);
  });
});

describe('GET /api/v1/categories?type=', () => {
  it.each(['TODO', 'TASK', 'PROJECT', 'BLOG'])('type=%s lists the caller’s categories of that type only', async (type) => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const made: Record<string, string> = {};
    for (const t of ['TODO', 'TASK', 'PROJECT', 'BLOG']) {
      made[t] = (await buildCategory(server, mine, { type: t }))._id;
      await buildCategory(server, theirs, { type: t });
    }
    const response = await server.request('GET', `/api/v1/categories?type=${type}`, { cookie: mine });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, categories: [expect.objectContaining({ _id: made[type], type })] });
  });

  it('without a type lists all of the caller’s categories', async () => {
    const mine = await signedIn();
    await buildCategory(server, mine, { type: 'TODO' });
    await buildCategory(server, mine, { type: 'BLOG' });
    const response = await server.request('GET', '/api/v1/categories', { cookie: mine });
    expect(response.status).toBe(200);
    expect(response.body.categories).toHaveLength(2);
  });

  it.each(['todo', 'NOPE', '', 'TODO,TASK'])('rejects type=%j with 400', async (type) => {
    const cookie = await signedIn();
    const response = await server.request('GET', `/api/v1/categories?type=${encodeURIComponent(type)}`, { cookie });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('rejects a repeated type parameter with 400, not 500', async () => {
    const cookie = await signedIn();
    const response = await server.request('GET', '/api/v1/categories?type=TODO&type=TASK', { cookie });
    expect(response.status).toBe(400);
  });
});

describe('POST /api/v1/categories', () => {
  it('creates a category: 201 with the envelope, trimmed name, defaults TODO and #3B82F6, workspaceId null', async () => {
    const cookie = await signedIn();
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      body: { name: '  Home chores  ', slug: 'home-chores' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Category created successfully',
      data: { ...categoryShape, name: 'Home chores', slug: 'home-chores', type: 'TODO', color: '#3B82F6' },
    });
    const listed = await listAll(cookie);
    expect(listed).toEqual([response.body.data]);
  });

  it('keeps the given type and colour, and accepts workspaceId null', async () => {
    const cookie = await signedIn();
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      body: { name: 'Blog posts', slug: 'blog-posts', type: 'BLOG', color: '#10B981', workspaceId: null },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ type: 'BLOG', color: '#10B981', workspaceId: null });
  });

  it('accepts a lower-case hex colour', async () => {
    const cookie = await signedIn();
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      body: { name: 'Lower', slug: 'lower', color: '#ef4444' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.color.toUpperCase()).toBe('#EF4444');
  });

  it('accepts a 50-character name', async () => {
    const cookie = await signedIn();
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      body: { name: 'n'.repeat(50), slug: 'fifty' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.name).toBe('n'.repeat(50));
  });

  it.each(['a', 'abc', 'abc-123', '2025', 'a-b-c-d'])('accepts slug %j', async (slug) => {
    const cookie = await signedIn();
    const response = await server.request('POST', '/api/v1/categories', { cookie, body: { name: 'S', slug } });
    expect(response.status).toBe(201);
    expect(response.body.data.slug).toBe(slug);
  });

  describe('validation', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = await signedIn();
    });

    const post = (body: unknown) => server.request('POST', '/api/v1/categories', { cookie, body });

    it.each([
      ['missing name', { slug: 'x' }, 'Name is required', 'name'],
      ['empty name', { name: '', slug: 'x' }, 'Name is required', 'name'],
      ['blank name', { name: '   ', slug: 'x' }, 'Name is required', 'name'],
      ['null name', { name: null, slug: 'x' }, 'Name is required', 'name'],
      ['missing slug', { name: 'X' }, 'Slug is required', 'slug'],
      ['empty slug', { name: 'X', slug: '' }, 'Slug is required', 'slug'],
    ])('%s → 400 %j', async (_label, body, message, field) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
      expect(response.body.errors).toContainEqual({ field, message });
    });

    it('rejects a 51-character name', async () => {
      const response = await post({ name: 'n'.repeat(51), slug: 'x' });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('name');
    });

    it.each(['Hello', 'a--b', '-a', 'a-', 'a b', 'a_b', 'café', 'a.b', 'UPPER-case', '-'])(
      'rejects slug %j',
      async (slug) => {
        const response = await post({ name: 'X', slug });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(response.body.errors[0].field).toBe('slug');
      },
    );

    it.each(['red', '#FFF', '#GGGGGG', '3B82F6', '#3B82F6FF', '', null, 123])('rejects colour %j', async (color) => {
      const response = await post({ name: 'X', slug: 'x', color });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('color');
    });

    it.each(['todo', 'OTHER', '', null, 1])('rejects type %j', async (type) => {
      const response = await post({ name: 'X', slug: 'x', type });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('type');
    });

    it.each(['abc', randomUUID(), 42, {}])('rejects workspaceId %j', async (workspaceId) => {
      const response = await post({ name: 'X', slug: 'x', workspaceId });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('workspaceId');
    });

    it('never made a category for any rejected body', async () => {
      expect(await listAll(cookie)).toEqual([]);
    });
  });

  describe('slug uniqueness per owner and type', () => {
    it('refuses a second category with the same slug and type: 409', async () => {
      const cookie = await signedIn();
      await buildCategory(server, cookie, { slug: 'dup', type: 'TODO' });
      const response = await server.request('POST', '/api/v1/categories', {
        cookie,
        body: { name: 'Another', slug: 'dup', type: 'TODO' },
      });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        success: false,
        code: 'CONFLICT',
        message: 'A category with this slug already exists',
      });
      expect(await listAll(cookie)).toHaveLength(1);
    });

    it('allows the same slug with another type', async () => {
      const cookie = await signedIn();
      await buildCategory(server, cookie, { slug: 'shared', type: 'TODO' });
      const response = await server.request('POST', '/api/v1/categories', {
        cookie,
        body: { name: 'Shared', slug: 'shared', type: 'TASK' },
      });
      expect(response.status).toBe(201);
      expect(await listAll(cookie)).toHaveLength(2);
    });

    it('allows the same slug for another user', async () => {
      const first = await signedIn();
      const second = await signedIn();
      await buildCategory(server, first, { slug: 'everyone', type: 'TODO' });
      const response = await server.request('POST', '/api/v1/categories', {
        cookie: second,
        body: { name: 'Mine too', slug: 'everyone', type: 'TODO' },
      });
      expect(response.status).toBe(201);
    });

    it('two simultaneous creations of one slug: one 201, one 409, one row', async () => {
      const { user, cookie } = await buildSignedInUser(server);
      const body = { name: 'Race', slug: 'race', type: 'TODO' };
      const responses = await Promise.all([
        server.request('POST', '/api/v1/categories', { cookie, body }),
        server.request('POST', '/api/v1/categories', { cookie, body }),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(responses.find((r) => r.status === 409)!.body.message).toBe('A category with this slug already exists');
      expect(await countRows(user.id, 'race')).toBe(1);
    });
  });
});

describe('DELETE /api/v1/categories/:id', () => {
  it('deletes the caller’s category: 200 with the envelope', async () => {
    const cookie = await signedIn();
    const category = await buildCategory(server, cookie);
    const keep = await buildCategory(server, cookie);
    const response = await server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Category deleted successfully' });
    expect((await listAll(cookie)).map((c) => c._id)).toEqual([keep._id]);
  });

  it('deleting twice: the second is 404', async () => {
    const cookie = await signedIn();
    const category = await buildCategory(server, cookie);
    await server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie });
    const again = await server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('another user’s category is 404 and still exists', async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const category = await buildCategory(server, owner);
    const response = await server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie: intruder });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await listAll(owner)).map((c) => c._id)).toEqual([category._id]);
  });

  it('an unknown id is 404', async () => {
    const cookie = await signedIn();
    const response = await server.request('DELETE', `/api/v1/categories/${randomUUID()}`, { cookie });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each(['not-a-uuid', '123', "1' or '1'='1"])('a non-UUID id %j is 400', async (id) => {
    const cookie = await signedIn();
    const response = await server.request('DELETE', `/api/v1/categories/${encodeURIComponent(id)}`, { cookie });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('todos that used it remain, with category null', async () => {
    const cookie = await signedIn();
    const category = await buildCategory(server, cookie);
    const todo = await buildTodo(server, cookie, { category: category._id, title: 'Survivor' });
    const response = await server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie });
    expect(response.status).toBe(200);
    const list = await server.request('GET', '/api/v1/todos', { cookie });
    expect(list.status).toBe(200);
    expect(list.body.todos).toEqual([expect.objectContaining({ _id: todo._id, title: 'Survivor', category: null })]);
  });

  it('keeps the todo rows themselves, with category_id null, and only for that category', async () => {
    const cookie = await signedIn();
    const doomed = await buildCategory(server, cookie);
    const kept = await buildCategory(server, cookie);
    const orphan = await buildTodo(server, cookie, { category: doomed._id });
    const untouched = await buildTodo(server, cookie, { category: kept._id });
    expect((await server.request('DELETE', `/api/v1/categories/${doomed._id}`, { cookie })).status).toBe(200);
    const result = await server.database.db.execute<{ id: string; category_id: string | null }>(
      sql`select id, category_id from todos where id in (${orphan._id}, ${untouched._id})`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      id: string;
      category_id: string | null;
    }[];
    expect(Object.fromEntries(rows.map((r) => [r.id, r.category_id]))).toEqual({
      [orphan._id]: null,
      [untouched._id]: kept._id,
    });
    const filtered = await server.request('GET', `/api/v1/todos?category=${doomed._id}`, { cookie });
    expect(filtered.body.todos).toEqual([]);
  });

  it('another user’s todos in a same-named category are untouched by my delete', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const myCategory = await buildCategory(server, mine, { slug: 'same-slug' });
    const theirCategory = await buildCategory(server, theirs, { slug: 'same-slug' });
    const theirTodo = await buildTodo(server, theirs, { category: theirCategory._id });
    expect((await server.request('DELETE', `/api/v1/categories/${myCategory._id}`, { cookie: mine })).status).toBe(200);
    const list = await server.request('GET', '/api/v1/todos', { cookie: theirs });
    expect(list.body.todos).toEqual([theirTodo]);
  });

  it('frees the slug for reuse', async () => {
    const cookie = await signedIn();
    const category = await buildCategory(server, cookie, { slug: 'again' });
    await server.request('DELETE', `/api/v1/categories/${category._id}`, { cookie });
    const response = await server.request('POST', '/api/v1/categories', { cookie, body: { name: 'Again', slug: 'again' } });
    expect(response.status).toBe(201);
  });
});

describe('bad input never makes a 500', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signedIn();
  });

  it('malformed JSON → 400', async () => {
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      rawBody: '{"name": "x", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false });
  });

  it.each([
    ['an array', []],
    ['an array of a body', [{ name: 'X', slug: 'x' }]],
    ['a string', 'name'],
    ['a number', 7],
    ['null', null],
    ['name as a number', { name: 5, slug: 'x' }],
    ['name as an object', { name: { $gt: '' }, slug: 'x' }],
    ['slug as an array', { name: 'X', slug: ['x'] }],
  ])('%s → 400', async (_label, body) => {
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      rawBody: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false });
  });

  it('a huge name → 400 (or 413), never 500', async () => {
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      body: { name: 'x'.repeat(200_000), slug: 'huge' },
    });
    expect([400, 413]).toContain(response.status);
    expect(response.body).toMatchObject({ success: false });
  });

  it('a body over the size limit → 413', async () => {
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      body: { name: 'x'.repeat(2 * 1024 * 1024), slug: 'huge' },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a huge slug → 400', async () => {
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      body: { name: 'X', slug: 'a'.repeat(100_000) },
    });
    expect(response.status).toBe(400);
  });

  it('a non-JSON content type → 415', async () => {
    const response = await server.request('POST', '/api/v1/categories', {
      cookie,
      rawBody: 'name=X&slug=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ success: false });
  });

  // PostgreSQL text cannot hold U+0000: such a value must be refused as input, not crash the insert.
  it.each([
    ['name', { name: 'Bad\u0000name', slug: 'nul-name' }],
    ['slug', { name: 'Nul', slug: 'nul\u0000slug' }],
  ])('a NUL character in the %s → 400, never 500', async (_field, body) => {
    const response = await server.request('POST', '/api/v1/categories', { cookie, body });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false });
  });

  it('made no category from any of it', async () => {
    expect(await listAll(cookie)).toEqual([]);
  });
});
