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
const commentPath = (taskId: string, commentId: string) => `${path(taskId)}/${commentId}`;

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
        editedAt: null,
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

describe('editing and deleting comments (issue 17)', () => {
  const edit = (taskId: string, commentId: string, cookie: string | undefined, body: unknown = { comment: 'Changed **words**' }) =>
    server.request('PUT', commentPath(taskId, commentId), { cookie, body });
  const remove = (taskId: string, commentId: string, cookie: string | undefined) => server.request('DELETE', commentPath(taskId, commentId), { cookie });

  // The comment is the MEMBER's; each role edits and deletes it, on a fresh task each time.
  describe('permission matrix', () => {
    const rows = [
      { endpoint: 'PUT /tasks/:taskId/comments/:commentId', method: 'PUT', statuses: [401, 404, 403, 200, 403, 403, 403, 403] },
      { endpoint: 'DELETE /tasks/:taskId/comments/:commentId', method: 'DELETE', statuses: [401, 404, 403, 200, 200, 200, 200, 200] },
    ];
    for (const row of rows) {
      describe(row.endpoint, () => {
        it.each(statusesByKind(row.statuses))('%s → %i', async (kind: CallerKind, expected: number) => {
          const { task } = await buildTaskMatrixFixture(server, cast, kind);
          const written = await buildComment(server, cast.member.cookie, task._id, 'Original');
          const cookie = cookieFor(cast, kind);
          const response = row.method === 'PUT' ? await edit(task._id, written._id, cookie) : await remove(task._id, written._id, cookie);
          expect(response.status, response.text).toBe(expected);
          if (expected >= 400) expect(response.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
          const [after] = (await comments(task._id)).data;
          if (row.method === 'DELETE') expect(after).toEqual(expected < 300 ? undefined : written);
          else expect(after).toEqual(expected < 300 ? { ...written, comment: 'Changed **words**', editedAt: expect.any(String) } : written);
        });
      });
    }
  });

  it('the author edits: trimmed, same author and creation time, editedAt set; listed so', async () => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const written = await buildComment(server, cast.viewer.cookie, task._id, 'Frist');
    expect(written.editedAt).toBeNull();
    const response = await edit(task._id, written._id, cast.viewer.cookie, { comment: '  First, *fixed*  ' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Comment updated successfully',
      data: { ...written, comment: 'First, *fixed*', editedAt: expect.any(String) },
    });
    const editedAt = response.body.data.editedAt as string;
    expect(Date.parse(editedAt)).toBeGreaterThanOrEqual(Date.parse(written.createdAt));
    expect((await comments(task._id)).data).toEqual([response.body.data]);
  });

  it('saving the same text again does not mark it edited', async () => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const written = await buildComment(server, cast.member.cookie, task._id, 'Unchanged');
    const response = await edit(task._id, written._id, cast.member.cookie, { comment: ' Unchanged ' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(written);
  });

  it("nobody else edits a comment, not even an ADMIN or the workspace's owner: 403 with the envelope", async () => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const written = await buildComment(server, cast.member.cookie, task._id, 'Mine');
    for (const other of [cast.viewer, cast.moderator, cast.admin, cast.owner]) {
      const response = await edit(task._id, written._id, other.cookie);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, code: 'FORBIDDEN', message: 'You can only edit your own comments' });
    }
    expect((await comments(task._id)).data).toEqual([written]);
  });

  it('a VIEWER deletes their own comment, but not a teammate\'s; a MODERATOR and an ADMIN delete anyone\'s', async () => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const viewers = await buildComment(server, cast.viewer.cookie, task._id, 'Viewer words');
    const members = await buildComment(server, cast.member.cookie, task._id, 'Member words');
    const admins = await buildComment(server, cast.admin.cookie, task._id, 'Admin words');

    const refused = await remove(task._id, members._id, cast.viewer.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, code: 'FORBIDDEN', message: 'Only its author, a moderator or an admin can delete a comment' });
    expect((await remove(task._id, admins._id, cast.member.cookie)).status).toBe(403);

    const own = await remove(task._id, viewers._id, cast.viewer.cookie);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true, message: 'Comment deleted successfully' });
    expect((await remove(task._id, members._id, cast.moderator.cookie)).status).toBe(200);
    expect((await remove(task._id, admins._id, cast.moderator.cookie)).status).toBe(200);
    expect(await comments(task._id)).toMatchObject({ data: [], total: 0 });
    // Gone is gone: a second delete and an edit of it are 404.
    expect((await remove(task._id, viewers._id, cast.viewer.cookie)).status).toBe(404);
    expect((await edit(task._id, viewers._id, cast.viewer.cookie)).status).toBe(404);
  });

  it("a comment of another task, or none at all, is 404 'Comment not found'; a task the caller cannot see is 404 'Task not found'", async () => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const { task: other } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const elsewhere = await buildComment(server, cast.member.cookie, other._id, 'Elsewhere');
    for (const response of [
      await edit(task._id, elsewhere._id, cast.member.cookie),
      await remove(task._id, elsewhere._id, cast.admin.cookie),
      await edit(task._id, randomUUID(), cast.member.cookie),
      await remove(task._id, randomUUID(), cast.admin.cookie),
    ]) {
      expect(response.status, response.text).toBe(404);
      expect(response.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Comment not found' });
    }
    expect((await comments(other._id)).data).toEqual([elsewhere]);
    const stranger = await remove(other._id, elsewhere._id, cast.stranger.cookie);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Task not found');
    expect((await edit(randomUUID(), elsewhere._id, cast.member.cookie)).status).toBe(404);
  });

  it.each<[string, unknown, string]>([
    ['a missing comment', {}, 'Comment is required'],
    ['a blank comment', { comment: ' \n ' }, 'Comment is required'],
    ['a number', { comment: 7 }, 'Comment is required'],
    ['5001 characters', { comment: 'c'.repeat(5001) }, 'Comment must be at most 5000 characters'],
  ])('an edit with %s is 400 and changes nothing', async (_label, body, message) => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    const written = await buildComment(server, cast.member.cookie, task._id, 'Keep me');
    const response = await edit(task._id, written._id, cast.member.cookie, body);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect((await comments(task._id)).data).toEqual([written]);
  });

  it('non-UUID ids are 400; signed out is 401', async () => {
    const { task } = await buildTaskMatrixFixture(server, cast, 'ADMIN');
    expect((await edit(task._id, 'nope', cast.member.cookie)).status).toBe(400);
    expect((await remove('nope', randomUUID(), cast.member.cookie)).status).toBe(400);
    expect((await edit(task._id, randomUUID(), undefined)).status).toBe(401);
    expect((await remove(task._id, randomUUID(), undefined)).status).toBe(401);
  });
});
