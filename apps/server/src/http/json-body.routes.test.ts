import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildSignedInUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const TODOS = '/api/v1/todos';
const AUTH_ROUTES = ['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/auth/logout'];

const nested = (depth: number, inner = '0') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('JSON bodies: nesting limit, NUL characters, the small sign-in limit', () => {
  let server: TestServer;
  let cookie: string;
  let categoryId: string;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimit: { perIp: 10_000, windowMs: 60_000 } });
    ({ cookie } = await buildSignedInUser(server));
    categoryId = (await buildCategory(server, cookie))._id;
  });
  afterAll(async () => {
    await server.close();
  });

  const postTodo = (rawBody: string) =>
    server.request('POST', TODOS, { cookie, rawBody, headers: { 'content-type': 'application/json' } });

  describe('nesting', () => {
    it('refuses a body nested deeper than 32 levels with 400 and the envelope', async () => {
      const response = await postTodo(`{"title":"Deep","category":"${categoryId}","tags":${nested(32)}}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: 'JSON is nested too deeply (at most 32 levels)', code: 'BAD_REQUEST' });
    });

    it('refuses a megabyte of nested arrays the same way, the rest unread', async () => {
      const response = await postTodo(nested(500_000));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: expect.stringContaining('nested too deeply') });
    });

    it('parses 32 levels (then the schema judges the body)', async () => {
      const response = await postTodo(`{"title":"Deep","category":"${categoryId}","tags":${nested(31)}}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [expect.objectContaining({ field: expect.stringMatching(/^tags/) })] });
    });

    it('does not count brackets inside strings, escaped quotes included', async () => {
      const title = `[{"\\${'['.repeat(100)}`;
      const description = `\\"${'{'.repeat(100)}\\\\`;
      const response = await server.request('POST', TODOS, { cookie, body: { title, description, category: categoryId } });
      expect(response.status, response.text).toBe(201);
      expect(response.body.data).toMatchObject({ title, description });
    });

    it('still answers a signed-out caller 401 before reading a deep body', async () => {
      const response = await server.request('POST', TODOS, {
        rawBody: nested(100_000),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(401);
    });
  });

  describe('NUL characters', () => {
    it('accepts a backslash followed by u0000 as the six characters it is', async () => {
      const title = 'C:\\u0000\\temp';
      const response = await server.request('POST', TODOS, { cookie, body: { title, category: categoryId, description: '\\u0000' } });
      expect(response.status, response.text).toBe(201);
      expect(response.body.data).toMatchObject({ title, description: '\\u0000' });
      const list = await server.request('GET', TODOS, { cookie });
      expect(list.body.todos.find((todo: { _id: string }) => todo._id === response.body.data._id)).toMatchObject({
        title,
        description: '\\u0000',
      });
    });

    // JSON.stringify writes U+0000 as the escape \u0000, as any client would.
    it.each([
      ['a value', { title: 'a\u0000b' }],
      ['a nested value', { title: 'T', tags: ['ok', 'x\u0000'] }],
      ['a key', { title: 'T', 'de\u0000scription': 'x' }],
    ])('refuses a NUL character in %s with 400', async (_name, fields) => {
      const rawBody = JSON.stringify({ category: categoryId, ...fields });
      const response = await postTodo(rawBody);
      expect(response.status, response.text).toBe(400);
      expect(response.body).toEqual({ success: false, message: 'Text may not contain NUL characters', code: 'VALIDATION_ERROR' });
    });
  });

  describe('the routes open to anyone (register, login, logout) take at most 8 KB', () => {
    it.each(AUTH_ROUTES)('%s: 413 in the envelope for 9 KB', async (path) => {
      const response = await server.request('POST', path, { body: { email: 'a@example.com', password: 'x'.repeat(9 * 1024) } });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ success: false, message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    });

    it('413 also for 9 KB streamed without a Content-Length', async () => {
      const bytes = new TextEncoder().encode(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(9 * 1024) }));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 1024) controller.enqueue(bytes.slice(offset, offset + 1024));
          controller.close();
        },
      });
      const response = await fetch(server.url + AUTH_ROUTES[0], {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit & { duplex: 'half' });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('reads 7 KB (then the schema judges it)', async () => {
      const response = await server.request('POST', AUTH_ROUTES[0]!, { body: { email: 'a@example.com', password: 'x'.repeat(7 * 1024) } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    });

    it('leaves signed-in routes their 1 MB', async () => {
      const response = await server.request('POST', TODOS, { cookie, body: { title: 'x'.repeat(100 * 1024), category: categoryId } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    });
  });
});
