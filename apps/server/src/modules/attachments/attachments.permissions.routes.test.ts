import fs from 'node:fs';
import type { Attachment } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAttachment,
  buildTaskMatrixFixture,
  cookieFor,
  statusesByKind,
  uploadAttachments,
  userFor,
  type CallerKind,
  type ProjectCast,
} from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';
import { makeUploadDir, storedFilesOnDisk } from '../../../test/upload-dir.js';

const uploadDir = makeUploadDir();
let server: TestServer;
let cast: ProjectCast;

beforeAll(async () => {
  ({ server, cast } = await startScene({ config: { uploads: { dir: uploadDir, maxFileBytes: 1024 * 1024, maxFiles: 5 } } }));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

/** A matrix task (the second admin's) with one attachment the admin uploaded. */
async function fixtureFor(kind: CallerKind) {
  const fixture = await buildTaskMatrixFixture(server, cast, kind);
  const attachment = await buildAttachment(server, cast.admin.cookie, fixture.task._id, { name: 'plan.txt', content: 'The plan' });
  return { ...fixture, attachment };
}

async function attachmentsOf(taskId: string): Promise<Attachment[]> {
  const response = await server.request('GET', `/api/v1/tasks/${taskId}/attachments`, { cookie: cast.admin.cookie });
  expect(response.status).toBe(200);
  return response.body.data;
}

// Caller kinds, in order: signed out, stranger, VIEWER, MEMBER, MODERATOR, ADMIN, owner, owner (not a member).
describe('GET /tasks/:taskId/attachments (every member, VIEWER included)', () => {
  it.each(statusesByKind([401, 404, 200, 200, 200, 200, 200, 200]))('%s → %i', async (kind, expected) => {
    const { task, attachment } = await fixtureFor(kind);
    const response = await server.request('GET', `/api/v1/tasks/${task._id}/attachments`, { cookie: cookieFor(cast, kind) });
    expect(response.status, response.text).toBe(expected);
    if (expected === 200) expect(response.body.data).toEqual([attachment]);
    else expect(response.body).toMatchObject({ success: false });
  });
});

describe('GET /tasks/:taskId/attachments/:attachmentId (every member, VIEWER included)', () => {
  it.each(statusesByKind([401, 404, 200, 200, 200, 200, 200, 200]))('%s → %i', async (kind, expected) => {
    const { task, attachment } = await fixtureFor(kind);
    const response = await server.request('GET', `/api/v1/tasks/${task._id}/attachments/${attachment._id}`, { cookie: cookieFor(cast, kind) });
    expect(response.status, response.text).toBe(expected);
    if (expected === 200) expect(response.text).toBe('The plan');
    else expect(response.body).toMatchObject({ success: false });
  });
});

describe('POST /tasks/:taskId/attachments (those who may edit tasks)', () => {
  it.each(statusesByKind([401, 404, 403, 201, 201, 201, 201, 201]))('%s → %i', async (kind, expected) => {
    const { task } = await fixtureFor(kind);
    const filesBefore = storedFilesOnDisk(uploadDir);
    const response = await uploadAttachments(server, cookieFor(cast, kind), task._id, [
      { field: 'files', fileName: 'matrix.txt', content: 'matrix' },
    ]);
    expect(response.status, response.text).toBe(expected);
    const names = (await attachmentsOf(task._id)).map((attachment) => attachment.name);
    if (expected === 201) {
      expect(names).toEqual(['plan.txt', 'matrix.txt']);
      expect(response.body.data.at(-1).uploadedBy._id).toBe(userFor(cast, kind)!.user.id);
      expect(storedFilesOnDisk(uploadDir)).toHaveLength(filesBefore.length + 1);
    } else {
      expect(names).toEqual(['plan.txt']);
      expect(storedFilesOnDisk(uploadDir)).toEqual(filesBefore);
    }
    if (expected === 403) {
      expect(response.body).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'Only members, moderators and admins can add and remove attachments',
      });
    }
  });
});

describe('DELETE /tasks/:taskId/attachments/:attachmentId (those who may edit tasks)', () => {
  it.each(statusesByKind([401, 404, 403, 200, 200, 200, 200, 200]))('%s → %i', async (kind, expected) => {
    const { task, attachment } = await fixtureFor(kind);
    const filesBefore = storedFilesOnDisk(uploadDir);
    const response = await server.request('DELETE', `/api/v1/tasks/${task._id}/attachments/${attachment._id}`, {
      cookie: cookieFor(cast, kind),
    });
    expect(response.status, response.text).toBe(expected);
    expect(await attachmentsOf(task._id)).toHaveLength(expected === 200 ? 0 : 1);
    expect(storedFilesOnDisk(uploadDir)).toHaveLength(filesBefore.length - (expected === 200 ? 1 : 0));
  });
});

it('a member removed from the project can no longer list or download (404)', async () => {
  const { project, task, attachment } = await fixtureFor('MEMBER');
  const removed = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${cast.member.user.id}`, {
    cookie: cast.admin.cookie,
  });
  expect(removed.status).toBe(200);
  const list = await server.request('GET', `/api/v1/tasks/${task._id}/attachments`, { cookie: cast.member.cookie });
  expect(list.status).toBe(404);
  const file = await server.request('GET', `/api/v1/tasks/${task._id}/attachments/${attachment._id}`, { cookie: cast.member.cookie });
  expect(file.status).toBe(404);
});
