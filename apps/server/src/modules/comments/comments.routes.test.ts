import { randomUUID } from 'node:crypto';
import type { Comment } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildComment,
  buildTaskMatrixFixture,
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

type Fixture = Awaited<ReturnType<typeof buildTaskMatrixFixture>>;

const path = (taskId: string) => `/api/v1/tasks/${taskId}/comments`;

async function comments(taskId: string, cookie = cast.admin.cookie, query = '') {
  const response = await server.request('GET', `${path(taskId)}${query}`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body as { data: Comment[]; total: number; message: string };
}

describe('permission matrix', () => {
  const rows: Array<{ endpoint: string; method: string; statuses: number[]; body?: unknown }> = [
    { endpoint: 'GET /tasks/:taskId/comments', method: 'GET', statuses: [401, 404, 200, 200, 200, 200, 200, 200] },
    {
      endpoint: 'POST /tasks/:taskId/comments',
      method: 'POST',
      body: { comment: 'Matrix comment' },
      statuses: [401, 404, 201, 201, 201, 201, 201, 201],
    },
  ];
  for (const row of rows) {
    describe(row.endpoint, () => {
      it.each(statusesByKind(row.statuses))('%s → %i', async (kind: CallerKind, expected: number) => {
        const fixture: Fixture = await buildTaskMatrixFixture(server, cast, kind);
        const response = await server.request(row.method, path(fixture.task._id), { cookie: cookieFor(cast, kind), body: row.body });
        expect(response.status, response.text).toBe(expected);
        expect(response.body).toMatchObject({ success: expected < 300 });
        if (row.method === 'POST') expect((await comments(fixture.task._id)).total).toBe(expected < 300 ? 1 : 0);
      });
    });
  }
});

describe('comments', () => {
  it('a viewer comments; the text is trimmed and the author populated', async () => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'VIEWER');
    const response = await server.request('POST', path(task._id), { cookie: cast.viewer.cookie, body: { comment: '  Looks good  ' } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Comment added successfully',
      data: {
        _id: expect.any(String),
        comment: 'Looks good',
        taskId: task._id,
        userId: { _id: cast.viewer.user.id, fullName: cast.viewer.user.fullName, email: cast.viewer.user.email, avatar: null },
        createdAt: expect.any(String),
      },
    });
    expect(await comments(task._id, cast.member.cookie)).toEqual({
      success: true,
      message: 'Comments fetched successfully',
      data: [response.body.data],
      total: 1,
    });
  });

  it('lists oldest first, with each author, and says so when there are none', async () => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    expect(await comments(task._id)).toEqual({ success: true, message: 'No comments yet', data: [], total: 0 });
    const first = await buildComment(server, cast.member.cookie, task._id, 'First');
    const second = await buildComment(server, cast.viewer.cookie, task._id, 'Second');
    const third = await buildComment(server, cast.member.cookie, task._id, 'Third');
    const listed = await comments(task._id);
    expect(listed.data).toEqual([first, second, third]);
    expect(listed.data.map((comment) => comment.userId._id)).toEqual([cast.member.user.id, cast.viewer.user.id, cast.member.user.id]);
    const page = await comments(task._id, cast.admin.cookie, '?limit=2&page=2');
    expect(page).toMatchObject({ data: [third], total: 3 });
    expect(await comments(task._id, cast.admin.cookie, '?limit=2&page=9')).toMatchObject({ data: [], total: 3 });
  });

  it.each<[string, unknown, string]>([
    ['a missing comment', {}, 'Comment is required'],
    ['an empty comment', { comment: '' }, 'Comment is required'],
    ['a blank comment', { comment: ' \n\t ' }, 'Comment is required'],
    ['a number', { comment: 42 }, 'Comment is required'],
    ['5001 characters', { comment: 'c'.repeat(5001) }, 'Comment must be at most 5000 characters'],
  ])('%s is 400 and adds nothing', async (_label, body, message) => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const response = await server.request('POST', path(task._id), { cookie: cast.member.cookie, body });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect((await comments(task._id)).total).toBe(0);
  });

  it('accepts exactly 5000 characters', async () => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const response = await server.request('POST', path(task._id), { cookie: cast.member.cookie, body: { comment: 'c'.repeat(5000) } });
    expect(response.status).toBe(201);
  });

  it('non-UUID task ids are 400, unknown tasks 404, bad paging 400', async () => {
    expect((await server.request('GET', path('nope'), { cookie: cast.admin.cookie })).status).toBe(400);
    expect((await server.request('POST', path('nope'), { cookie: cast.admin.cookie, body: { comment: 'x' } })).status).toBe(400);
    const unknown = await server.request('GET', path(randomUUID()), { cookie: cast.admin.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Task not found');
    expect((await server.request('POST', path(randomUUID()), { cookie: cast.admin.cookie, body: { comment: 'x' } })).status).toBe(404);
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    expect((await server.request('GET', `${path(task._id)}?limit=1001`, { cookie: cast.admin.cookie })).status).toBe(400);
    expect((await server.request('GET', `${path(task._id)}?limit=0`, { cookie: cast.admin.cookie })).status).toBe(400);
  });

  it('signed out is 401 whatever it sends', async () => {
    expect((await server.request('POST', path('nope'), { body: { comment: '' } })).status).toBe(401);
    expect((await server.request('GET', path(randomUUID()))).status).toBe(401);
  });
});
