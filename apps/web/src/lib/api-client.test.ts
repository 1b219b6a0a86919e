import { operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, CLIENT_ID, operationUrl, unparsed } from './api-client';

const deleted = { success: true, message: 'Todo deleted successfully' };
const getThing = operations.todos.delete;
const thing = { params: { todoId: 'x' } };

function respond(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })));
}

afterEach(() => vi.unstubAllGlobals());

describe('callApi', () => {
  it('returns the parsed body on success', async () => {
    respond(200, deleted);
    await expect(callApi(getThing, thing)).resolves.toEqual(deleted);
  });

  it("parses the answer with the operation's response schema, and refuses one of another shape", async () => {
    respond(200, { success: true, message: 'Todo deleted successfully' });
    await expect(callApi(operations.todos.delete, { params: { todoId: 't1' } })).resolves.toEqual({ success: true, message: 'Todo deleted successfully' });
    respond(200, { success: 'yes' });
    await expect(callApi(operations.todos.delete, { params: { todoId: 't1' } })).rejects.toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });

  it('throws the server error envelope as an ApiError', async () => {
    respond(409, { success: false, message: 'Email already registered', code: 'CONFLICT', errors: [{ field: 'email', message: 'taken' }] });
    const error = await callApi(operations.auth.logout).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Email already registered', serverMessage: 'Email already registered' });
    expect((error as ApiError).errors).toEqual([{ field: 'email', message: 'taken' }]);
  });

  it("falls back to 'Unknown error' without a server message", async () => {
    respond(502, undefined);
    const error = await callApi(getThing, thing).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, message: 'Unknown error', serverMessage: undefined });
  });

  it('turns a network failure into an ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const error = await callApi(getThing, thing).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, message: 'Unknown error' });
  });

  it('sends JSON with the session cookie and this tab id to the operation’s relative path', async () => {
    respond(200, { success: true, data: {}, message: 'Login successful' });
    await callApi(unparsed<typeof operations.auth.login>(operationRoutes.auth.login), { body: { email: 'a@example.com', password: 'secret' } });
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/api/v1/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"email":"a@example.com","password":"secret"}',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'x-client-id': CLIENT_ID },
    });
  });

  it('sends no body and no content type when the operation takes none', async () => {
    respond(200, { success: true, message: 'Todo deleted successfully' });
    await callApi(operations.todos.delete, { params: { todoId: 't1' } });
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/api/v1/todos/t1');
    expect(init).toMatchObject({ method: 'DELETE', body: undefined, headers: { accept: 'application/json', 'x-client-id': CLIENT_ID } });
  });

  it('sends a GET as a plain same-origin fetch, without headers, so that it matches the page’s preload of it', async () => {
    respond(200, { success: true, message: 'Todos retrieved successfully', todos: [] });
    await callApi(unparsed<typeof operations.todos.list>(operationRoutes.todos.list));
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/api/v1/todos');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
    expect(init?.headers).toBeUndefined();
  });

  it('returns an unparsed route’s answer as the server sent it', async () => {
    respond(200, { success: true, data: { anything: 1 } });
    await expect(callApi(unparsed<typeof operations.users.me>(operationRoutes.users.me))).resolves.toEqual({ success: true, data: { anything: 1 } });
  });
});

describe('operationUrl', () => {
  it('fills in the path params URI-encoded, then the query', () => {
    expect(operationUrl(operations.members.remove, { params: { projectId: 'p 1', userId: '../u?2' } })).toBe('/api/v1/projects/p%201/members/..%2Fu%3F2');
    expect(operationUrl(operations.tasks.list, { query: { featureId: 'f1', search: 'a&b', status: '' } })).toBe('/api/v1/tasks?featureId=f1&search=a%26b');
    expect(operationUrl(operations.categories.listAll)).toBe('/api/v1/categories/all');
  });

  it('refuses to build a path with a param missing', () => {
    expect(() => operationUrl(operations.tasks.get, { params: {} })).toThrow(/taskId/);
  });
});
