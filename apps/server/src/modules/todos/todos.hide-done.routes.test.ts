import type { Todo } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildSignedInUser, buildTodo } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/** Issue 18: the dashboard hides completed and cancelled todos by default, and says how many. */
let server: TestServer;
let cookie: string;
let work: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie = (await buildSignedInUser(server)).cookie;
  work = (await buildCategory(server, cookie, { name: 'Work' }))._id;
  const home = (await buildCategory(server, cookie, { name: 'Home' }))._id;
  const todos: Array<[string, string, string]> = [
    ['open work', 'PENDING', work],
    ['busy work', 'IN_PROGRESS', work],
    ['done work', 'COMPLETED', work],
    ['dropped work', 'CANCELLED', work],
    ['open home', 'PENDING', home],
    ['done home', 'COMPLETED', home],
  ];
  for (const [title, status, category] of todos) await buildTodo(server, cookie, { title, status, category });
  // Someone else's done todo: never counted.
  const other = (await buildSignedInUser(server)).cookie;
  await buildTodo(server, other, { status: 'COMPLETED' });
});
afterAll(async () => {
  await server.close();
});

async function list(query: string) {
  const response = await server.request('GET', `/api/v1/todos${query}`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body as { todos: Todo[]; total?: number; hiddenDone?: number; pagination?: unknown };
}
const titles = (todos: Todo[]) => todos.map((todo) => todo.title).sort();

describe('GET /api/v1/todos?hideDone=true', () => {
  it('leaves out COMPLETED and CANCELLED todos and answers how many it left out, paged or not', async () => {
    const paged = await list('?page=1&limit=24&hideDone=true');
    expect(titles(paged.todos)).toEqual(['busy work', 'open home', 'open work']);
    expect(paged).toMatchObject({ total: 3, hiddenDone: 3, pagination: { total: 1, page: 1, limit: 24 } });
    const unpaged = await list('?hideDone=true');
    expect(titles(unpaged.todos)).toEqual(['busy work', 'open home', 'open work']);
    expect(unpaged.hiddenDone).toBe(3);
  });

  it('counts within the other filters', async () => {
    const inWork = await list(`?page=1&limit=24&hideDone=true&category=${work}`);
    expect(titles(inWork.todos)).toEqual(['busy work', 'open work']);
    expect(inWork.hiddenDone).toBe(2);
    const high = await list('?page=1&limit=24&hideDone=true&priority=HIGH');
    expect(high).toMatchObject({ todos: [], total: 0, hiddenDone: 0 });
  });

  it('a status filter wins: it shows that status, and nothing is counted as hidden', async () => {
    const completed = await list('?page=1&limit=24&hideDone=true&status=COMPLETED');
    expect(titles(completed.todos)).toEqual(['done home', 'done work']);
    expect(completed.hiddenDone).toBe(0);
  });

  it('without it (or with false) the answer is as before: every todo, no hiddenDone', async () => {
    const all = await server.request('GET', '/api/v1/todos', { cookie });
    expect(Object.keys(all.body)).toEqual(['success', 'todos', 'data', 'message']);
    expect(all.body.todos).toHaveLength(6);
    const paged = await list('?page=1&limit=24&hideDone=false');
    expect(paged.todos).toHaveLength(6);
    expect(paged).not.toHaveProperty('hiddenDone');
  });

  it('refuses what is not true or false with 400', async () => {
    const response = await server.request('GET', '/api/v1/todos?page=1&hideDone=yes', { cookie });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.body.errors[0]).toMatchObject({ field: 'hideDone' });
  });
});
