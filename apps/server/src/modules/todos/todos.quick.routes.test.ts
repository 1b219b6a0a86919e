import { randomUUID } from 'node:crypto';
import type { Category, Todo } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildSignedInUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await server.close();
});

const signedIn = async () => (await buildSignedInUser(server)).cookie;

async function quickAdd(cookie: string, body: Record<string, unknown>) {
  return server.request('POST', '/api/v1/todos/quick', { cookie, body });
}

async function todoCategories(cookie: string): Promise<Category[]> {
  const response = await server.request('GET', '/api/v1/categories?type=TODO', { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.categories as Category[];
}

async function defaultCategory(cookie: string): Promise<Category | null> {
  const response = await server.request('GET', '/api/v1/todos/default-category', { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Category | null;
}

describe('POST /api/v1/todos/quick', () => {
  it('puts a todo without a category in an "Inbox" it creates on first use, and reuses it', async () => {
    const cookie = await signedIn();
    expect(await defaultCategory(cookie)).toBeNull();

    const first = await quickAdd(cookie, { title: 'Pay rent', dueDate: '2030-03-02', priority: 'HIGH', tags: ['home'] });
    expect(first.status, first.text).toBe(201);
    const todo = first.body.todo as Todo;
    expect(first.body.data).toEqual(todo);
    expect(todo).toMatchObject({ title: 'Pay rent', dueDate: '2030-03-02T00:00:00.000Z', priority: 'HIGH', tags: ['home'], status: 'PENDING' });
    expect(todo.category).toMatchObject({ name: 'Inbox', slug: 'inbox' });

    const inbox = await defaultCategory(cookie);
    expect(inbox).toMatchObject({ _id: todo.category!._id, name: 'Inbox', type: 'TODO' });

    const second = await quickAdd(cookie, { title: 'Call the bank', category: null });
    expect(second.status, second.text).toBe(201);
    expect((second.body.todo as Todo).category?._id).toBe(inbox!._id);
    expect((await todoCategories(cookie)).filter((category) => category.slug === 'inbox')).toHaveLength(1);
  });

  it('creates the default category once when two first uses arrive together', async () => {
    const cookie = await signedIn();
    const answers = await Promise.all([1, 2, 3].map((n) => quickAdd(cookie, { title: `At once ${n}` })));
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    const ids = new Set(answers.map((answer) => (answer.body.todo as Todo).category?._id));
    expect(ids.size).toBe(1);
    const categories = await todoCategories(cookie);
    expect(categories).toHaveLength(1);
    expect((await defaultCategory(cookie))?._id).toBe(categories[0]!._id);
  });

  it('takes a category of the caller by id, or as read', async () => {
    const cookie = await signedIn();
    const personal = await buildCategory(server, cookie, { name: 'Personal' });
    const byId = await quickAdd(cookie, { title: 'Water plants', category: personal._id });
    expect(byId.status, byId.text).toBe(201);
    expect((byId.body.todo as Todo).category?._id).toBe(personal._id);
    const asRead = await quickAdd(cookie, { title: 'Water plants again', category: { _id: personal._id, name: 'Personal' } });
    expect(asRead.status, asRead.text).toBe(201);
    // Naming a category creates no default.
    expect(await defaultCategory(cookie)).toBeNull();
  });

  it('uses the default category chosen in Settings, and an Inbox again once it is deleted', async () => {
    const cookie = await signedIn();
    const errands = await buildCategory(server, cookie, { name: 'Errands' });
    const chosen = await server.request('PUT', '/api/v1/todos/default-category', { cookie, body: { categoryId: errands._id } });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.data).toMatchObject({ _id: errands._id, name: 'Errands' });

    const added = await quickAdd(cookie, { title: 'Post the letter' });
    expect((added.body.todo as Todo).category?._id).toBe(errands._id);

    const deleted = await server.request('DELETE', `/api/v1/categories/${errands._id}`, { cookie });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await defaultCategory(cookie)).toBeNull();
    const after = await quickAdd(cookie, { title: 'Buy stamps' });
    expect(after.status, after.text).toBe(201);
    expect((after.body.todo as Todo).category?.name).toBe('Inbox');
  });

  it('adopts an existing TODO category with the slug "inbox"', async () => {
    const cookie = await signedIn();
    const own = await buildCategory(server, cookie, { name: 'My inbox', slug: 'inbox' });
    const added = await quickAdd(cookie, { title: 'Sort mail' });
    expect(added.status, added.text).toBe(201);
    expect((added.body.todo as Todo).category).toMatchObject({ _id: own._id, name: 'My inbox' });
  });

  it('refuses invalid input with the field at fault', async () => {
    const cookie = await signedIn();
    const noTitle = await quickAdd(cookie, { title: '  ' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ field: 'title', message: 'Title is required' }] });

    const badPriority = await quickAdd(cookie, { title: 'x', priority: 'SOON' });
    expect(badPriority.status).toBe(400);
    expect(badPriority.body.errors).toEqual([{ field: 'priority', message: 'Priority must be one of LOW, MEDIUM, HIGH, URGENT' }]);

    const badDate = await quickAdd(cookie, { title: 'x', dueDate: 'tomorrow' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors[0].field).toBe('dueDate');

    const other = await signedIn();
    const theirs = await buildCategory(server, other, { name: 'Theirs' });
    const notMine = await quickAdd(cookie, { title: 'x', category: theirs._id });
    expect(notMine.status).toBe(400);
    expect(notMine.body.errors).toEqual([{ field: 'category', message: 'Please select a category' }]);

    const missing = await quickAdd(cookie, { title: 'x', category: randomUUID() });
    expect(missing.status).toBe(400);
    // Nothing refused made a todo or a default category.
    expect(await defaultCategory(cookie)).toBeNull();
  });

  it('leaves POST /todos without a category refused, as the spec says', async () => {
    const cookie = await signedIn();
    const refused = await server.request('POST', '/api/v1/todos', { cookie, body: { title: 'No category' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'category', message: 'Please select a category' }]);
  });

  it('is for signed-in users only', async () => {
    const response = await server.request('POST', '/api/v1/todos/quick', { body: { title: 'x' } });
    expect(response.status).toBe(401);
  });
});

describe('the default todo category', () => {
  it("is one of the caller's TODO categories", async () => {
    const cookie = await signedIn();
    const task = await buildCategory(server, cookie, { name: 'Work', type: 'TASK' });
    const other = await signedIn();
    const theirs = await buildCategory(server, other, { name: 'Theirs' });
    for (const categoryId of [task._id, theirs._id, randomUUID()]) {
      const refused = await server.request('PUT', '/api/v1/todos/default-category', { cookie, body: { categoryId } });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'categoryId', message: 'Please select one of your todo categories' }]);
    }
    const invalid = await server.request('PUT', '/api/v1/todos/default-category', { cookie, body: { categoryId: 'inbox' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].field).toBe('categoryId');
    expect(await defaultCategory(cookie)).toBeNull();
    expect(await defaultCategory(other)).toBeNull();
  });

  it('is for signed-in users only', async () => {
    expect((await server.request('GET', '/api/v1/todos/default-category')).status).toBe(401);
    expect((await server.request('PUT', '/api/v1/todos/default-category', { body: { categoryId: randomUUID() } })).status).toBe(401);
  });
});
