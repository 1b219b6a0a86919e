import fs from 'node:fs';
import path from 'node:path';
import type { Attachment, TaskDetail } from '@tasklane/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskAttachments } from '../../db/schema.js';
import { buildAttachment, buildSignedInUser, buildTask, uploadAttachments, type SignedInUser } from '../../../test/factories.js';
import { binaryContent, multipartBody } from '../../../test/multipart.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';
import { filesOnDisk, makeUploadDir, storedFilesOnDisk } from '../../../test/upload-dir.js';

const MAX_FILE_BYTES = 256 * 1024;
const MAX_FILES = 3;
const uploadDir = makeUploadDir();
let server: TestServer;
let owner: SignedInUser;
let featureId: string;

beforeAll(async () => {
  const scene = await startScene({
    config: { uploads: { dir: uploadDir, maxFileBytes: MAX_FILE_BYTES, maxFiles: MAX_FILES } },
    names: { owner: 'Ada Lovelace' },
    project: true,
    feature: { by: 'owner' },
  });
  ({ server, cast: { owner } } = scene);
  featureId = scene.feature._id;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const newTask = () => buildTask(server, owner.cookie, featureId);
const filePath = (taskId: string, attachmentId: string) => `/api/v1/tasks/${taskId}/attachments/${attachmentId}`;

async function getTask(taskId: string): Promise<TaskDetail> {
  const response = await server.request('GET', `/api/v1/tasks/${taskId}`, { cookie: owner.cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as TaskDetail;
}

async function rowsOf(taskId: string) {
  return server.database.db.select().from(taskAttachments).where(eq(taskAttachments.taskId, taskId));
}

async function download(taskId: string, attachmentId: string, cookie = owner.cookie) {
  const response = await fetch(server.url + filePath(taskId, attachmentId), { headers: { cookie } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Asserts a refused upload left nothing behind: no row for the task, no file on disk at all. */
async function expectNothingStored(taskId: string, filesBefore: string[]) {
  expect(await rowsOf(taskId)).toEqual([]);
  expect(filesOnDisk(uploadDir)).toEqual(filesBefore);
  expect((await getTask(taskId)).attachments).toEqual([]);
}

describe('upload', () => {
  it('stores one file and answers 201 with the task attachments, populated', async () => {
    const task = await newTask();
    const response = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'files', fileName: 'notes.txt', content: 'Hello, world', contentType: 'text/plain' },
    ]);
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: 'Attachments added successfully' });
    const [attachment] = response.body.data as Attachment[];
    expect(response.body.data).toHaveLength(1);
    expect(attachment).toEqual({
      _id: expect.any(String),
      name: 'notes.txt',
      size: 12,
      contentType: 'text/plain',
      description: null,
      uploadedBy: {
        _id: owner.user.id,
        fullName: 'Ada Lovelace',
        username: owner.user.username,
        email: owner.user.email,
        avatar: null,
      },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // Stored under a generated id, never under the uploaded name.
    const stored = storedFilesOnDisk(uploadDir);
    expect(stored.some((entry) => entry.includes('notes'))).toBe(false);
    const [row] = await rowsOf(task._id);
    expect(stored).toContain(path.join(row!.storageKey.slice(0, 2), row!.storageKey));
    expect(fs.readFileSync(path.join(uploadDir, row!.storageKey.slice(0, 2), row!.storageKey), 'utf8')).toBe('Hello, world');
  });

  it('stores several files with one description, listed oldest first and by name within an upload', async () => {
    const task = await newTask();
    const first = await buildAttachment(server, owner.cookie, task._id, { name: 'first.txt' });
    const response = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'description', value: '  Signed contract and scans  ' },
      { field: 'files', fileName: 'scan-b.png', content: binaryContent(2000), contentType: 'image/png' },
      { field: 'files', fileName: 'contract.pdf', content: binaryContent(5000), contentType: 'application/pdf' },
    ]);
    expect(response.status, response.text).toBe(201);
    const data = response.body.data as Attachment[];
    expect(data.map((attachment) => [attachment.name, attachment.size, attachment.contentType, attachment.description])).toEqual([
      ['first.txt', first.size, 'text/plain', null],
      ['contract.pdf', 5000, 'application/pdf', 'Signed contract and scans'],
      ['scan-b.png', 2000, 'image/png', 'Signed contract and scans'],
    ]);
    expect(await rowsOf(task._id)).toHaveLength(3);
  });

  it('accepts a description sent after the files, and a browser FormData body', async () => {
    const task = await newTask();
    const form = new FormData();
    form.append('files', new Blob([binaryContent(1234)], { type: 'application/zip' }), 'archive.zip');
    form.append('description', 'After the file');
    const response = await server.request('POST', `/api/v1/tasks/${task._id}/attachments`, { cookie: owner.cookie, rawBody: form });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data[0]).toMatchObject({ name: 'archive.zip', size: 1234, contentType: 'application/zip', description: 'After the file' });
  });

  it('accepts a file of exactly the size limit', async () => {
    const task = await newTask();
    const response = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'files', fileName: 'exact.bin', content: binaryContent(MAX_FILE_BYTES) },
    ]);
    expect(response.status, response.text).toBe(201);
    expect(response.body.data[0].size).toBe(MAX_FILE_BYTES);
  });

  it('stores an invalid or missing media type as application/octet-stream', async () => {
    const task = await newTask();
    const response = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'files', fileName: 'a.bin', content: 'a', contentType: 'not a type' },
      { field: 'files', fileName: 'b.txt', content: 'b', contentType: 'Text/Markdown; charset=utf-8' },
    ]);
    expect(response.status, response.text).toBe(201);
    expect((response.body.data as Attachment[]).map((attachment) => attachment.contentType)).toEqual([
      'application/octet-stream',
      'text/markdown',
    ]);
  });
});

describe('names', () => {
  it('keeps only the last path segment of a name with ../ and drops control characters', async () => {
    const task = await newTask();
    const response = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'files', fileName: '../../etc/passwd', content: 'root:x:0:0' },
      { field: 'files', fileName: '..\\..\\boot.ini', content: 'x' },
      { field: 'files', fileName: 'tab\there\u0001\u007f.txt', content: 'y' },
    ]);
    expect(response.status, response.text).toBe(201);
    expect((response.body.data as Attachment[]).map((attachment) => attachment.name).sort()).toEqual(['boot.ini', 'passwd', 'tabhere.txt']);
    // Nothing was written outside the upload folder or under the uploaded names.
    expect(filesOnDisk(uploadDir).some((entry) => /passwd|boot|tab/.test(entry))).toBe(false);
  });

  it("calls a file with no usable name 'file' and caps a long name at 255 characters", async () => {
    const task = await newTask();
    const response = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'files', fileName: '../', content: 'x' },
      { field: 'files', fileName: `${'n'.repeat(300)}.pdf`, content: 'y' },
    ]);
    expect(response.status, response.text).toBe(201);
    const names = (response.body.data as Attachment[]).map((attachment) => attachment.name);
    expect(names).toContain('file');
    expect(names).toContain(`${'n'.repeat(251)}.pdf`);
  });

  it('round-trips a non-ASCII name through Content-Disposition (RFC 5987 filename*)', async () => {
    const task = await newTask();
    const name = 'Résumé – 日本語 😀.pdf';
    const attachment = await buildAttachment(server, owner.cookie, task._id, { name, contentType: 'application/pdf' });
    expect(attachment.name).toBe(name);
    const { response } = await download(task._id, attachment._id);
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(name);
  });
});

describe('download', () => {
  it('streams the exact bytes with the stored type, the name, nosniff and a sandboxing policy', async () => {
    const task = await newTask();
    const content = binaryContent(200_000);
    const [attachment] = (
      await uploadAttachments(server, owner.cookie, task._id, [{ field: 'files', fileName: 'data.bin', content, contentType: 'application/x-custom' }])
    ).body.data as Attachment[];
    const { response, bytes } = await download(task._id, attachment!._id);
    expect(response.status).toBe(200);
    expect(Buffer.from(bytes).equals(Buffer.from(content))).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/x-custom');
    expect(response.headers.get('content-length')).toBe('200000');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="data.bin"');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('serves an uploaded HTML page as a download that cannot run scripts in the app origin', async () => {
    const task = await newTask();
    const html = '<html><body><script>fetch("/api/v1/users/me")</script></body></html>';
    const attachment = await buildAttachment(server, owner.cookie, task._id, { name: 'page.html', content: html, contentType: 'text/html' });
    const { response, bytes } = await download(task._id, attachment._id);
    expect(response.status).toBe(200);
    expect(Buffer.from(bytes).toString()).toBe(html);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("answers 404 for another task's attachment, an unknown one, and one whose file is missing", async () => {
    const task = await newTask();
    const other = await newTask();
    const attachment = await buildAttachment(server, owner.cookie, task._id);
    const elsewhere = await server.request('GET', filePath(other._id, attachment._id), { cookie: owner.cookie });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Attachment not found' });
    expect((await server.request('GET', filePath(task._id, '7f1c6a52-1d34-4a52-9c8b-3b7d1e0f2a11'), { cookie: owner.cookie })).status).toBe(404);
    expect((await server.request('GET', filePath(task._id, 'not-an-id'), { cookie: owner.cookie })).status).toBe(400);

    const [row] = await rowsOf(task._id);
    fs.rmSync(path.join(uploadDir, row!.storageKey.slice(0, 2), row!.storageKey));
    const missing = await server.request('GET', filePath(task._id, attachment._id), { cookie: owner.cookie });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: "This attachment's file is missing" });
  });
});

describe('list and task responses', () => {
  it('lists the attachments with the upload limits', async () => {
    const task = await newTask();
    const empty = await server.request('GET', `/api/v1/tasks/${task._id}/attachments`, { cookie: owner.cookie });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      success: true,
      message: 'No attachments yet',
      data: [],
      limits: { maxFileSize: MAX_FILE_BYTES, maxFiles: MAX_FILES },
    });
    const attachment = await buildAttachment(server, owner.cookie, task._id);
    const listed = await server.request('GET', `/api/v1/tasks/${task._id}/attachments`, { cookie: owner.cookie });
    expect(listed.body).toMatchObject({ message: 'Attachments fetched successfully', data: [attachment] });
  });

  it('answers the upload limits alone to anyone signed in, and 401 to a visitor', async () => {
    const stranger = await buildSignedInUser(server);
    const response = await server.request('GET', '/api/v1/attachments/limits', { cookie: stranger.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Upload limits', data: { maxFileSize: MAX_FILE_BYTES, maxFiles: MAX_FILES } });
    const signedOut = await server.request('GET', '/api/v1/attachments/limits');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('shows the attachments in the task detail, the feature task list and the assigned tasks', async () => {
    const task = await buildTask(server, owner.cookie, featureId, { assigneeId: owner.user.id });
    const attachment = await buildAttachment(server, owner.cookie, task._id);
    expect((await getTask(task._id)).attachments).toEqual([attachment]);
    const list = await server.request('GET', `/api/v1/tasks?featureId=${featureId}&limit=100`, { cookie: owner.cookie });
    expect(list.body.data.tasks.find((item: TaskDetail) => item._id === task._id).attachments).toEqual([attachment]);
    const assigned = await server.request('GET', '/api/v1/users/tasks', { cookie: owner.cookie });
    expect(assigned.body.data.find((item: TaskDetail) => item._id === task._id).attachments).toEqual([attachment]);
  });

  it('ignores an attachments field sent with a task save', async () => {
    const task = await newTask();
    const attachment = await buildAttachment(server, owner.cookie, task._id);
    const response = await server.request('PUT', `/api/v1/tasks/${task._id}`, {
      cookie: owner.cookie,
      body: { title: 'Renamed', attachments: [] },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.attachments).toEqual([attachment]);
  });
});

describe('history', () => {
  it('records ATTACHMENT_ADDED with the names and the description, and bumps updatedAt but not the version', async () => {
    const task = await newTask();
    const response = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'files', fileName: 'b.txt', content: 'bb' },
      { field: 'files', fileName: 'a.txt', content: 'a' },
      { field: 'description', value: 'Both drafts' },
    ]);
    expect(response.status, response.text).toBe(201);
    const data = response.body.data as Attachment[];
    const detail = await getTask(task._id);
    expect(detail.history[0]).toEqual({
      _id: expect.any(String),
      timestamp: expect.any(String),
      userId: { _id: owner.user.id, fullName: 'Ada Lovelace', email: owner.user.email, avatar: null },
      action: 'ATTACHMENT_ADDED',
      details: {
        added: [
          { _id: data.find((item) => item.name === 'b.txt')!._id, name: 'b.txt', size: 2 },
          { _id: data.find((item) => item.name === 'a.txt')!._id, name: 'a.txt', size: 1 },
        ],
        description: 'Both drafts',
      },
    });
    expect(detail.history).toHaveLength(2);
    expect(detail.history[0]!.timestamp).toBe(data[0]!.createdAt);
    expect(detail.updatedAt).toBe(data[0]!.createdAt);
    expect(detail.updatedAt > task.updatedAt).toBe(true);
    expect(detail.version).toBe(task.version);
  });

  it('records ATTACHMENT_REMOVED with the name when a file is removed, and removes the file', async () => {
    const task = await newTask();
    const attachment = await buildAttachment(server, owner.cookie, task._id, { name: 'old draft.txt' });
    const [row] = await rowsOf(task._id);
    const stored = path.join(row!.storageKey.slice(0, 2), row!.storageKey);
    expect(storedFilesOnDisk(uploadDir)).toContain(stored);

    const response = await server.request('DELETE', filePath(task._id, attachment._id), { cookie: owner.cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Attachment removed successfully' });
    expect(storedFilesOnDisk(uploadDir)).not.toContain(stored);
    expect(await rowsOf(task._id)).toEqual([]);
    const detail = await getTask(task._id);
    expect(detail.attachments).toEqual([]);
    expect(detail.history[0]).toMatchObject({
      action: 'ATTACHMENT_REMOVED',
      userId: { _id: owner.user.id },
      details: { attachmentId: attachment._id, attachmentName: 'old draft.txt' },
    });
    expect(detail.version).toBe(task.version);

    const again = await server.request('DELETE', filePath(task._id, attachment._id), { cookie: owner.cookie });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND', message: 'Attachment not found' });
    expect((await getTask(task._id)).history.filter((entry) => entry.action === 'ATTACHMENT_REMOVED')).toHaveLength(1);
  });

  it("does not remove another task's attachment through this task", async () => {
    const task = await newTask();
    const other = await newTask();
    const attachment = await buildAttachment(server, owner.cookie, task._id);
    const response = await server.request('DELETE', filePath(other._id, attachment._id), { cookie: owner.cookie });
    expect(response.status).toBe(404);
    expect(await rowsOf(task._id)).toHaveLength(1);
  });
});

describe('limits and refused uploads (nothing is stored)', () => {
  it('refuses a file over the size limit with 413, keeping none of the upload', async () => {
    const task = await newTask();
    const before = filesOnDisk(uploadDir);
    const response = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'files', fileName: 'fine.txt', content: 'fine' },
      { field: 'files', fileName: 'huge.bin', content: binaryContent(MAX_FILE_BYTES + 1) },
    ]);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: '"huge.bin" is too large: each file may be at most 256 KB',
    });
    await expectNothingStored(task._id, before);
    expect((await getTask(task._id)).history.map((entry) => entry.action)).toEqual(['CREATED']);
  });

  it('refuses more files than the limit with 413', async () => {
    const task = await newTask();
    const before = filesOnDisk(uploadDir);
    const response = await uploadAttachments(
      server,
      owner.cookie,
      task._id,
      Array.from({ length: MAX_FILES + 1 }, (_, index) => ({ field: 'files', fileName: `f${index}.txt`, content: `file ${index}` })),
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Too many files: at most 3 can be uploaded at once' });
    await expectNothingStored(task._id, before);
  });

  it('refuses a body larger than any acceptable upload before reading it', async () => {
    const task = await newTask();
    const before = filesOnDisk(uploadDir);
    const { body, contentType } = multipartBody([{ field: 'files', fileName: 'big.bin', content: new Uint8Array(2 * 1024 * 1024) }]);
    const response = await server.request('POST', `/api/v1/tasks/${task._id}/attachments`, {
      cookie: owner.cookie,
      rawBody: body,
      headers: { 'content-type': contentType },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The upload is too large: at most 3 files of 256 KB each' });
    await expectNothingStored(task._id, before);
  });

  it('refuses an empty file with 400, keeping none of the upload', async () => {
    const task = await newTask();
    const before = filesOnDisk(uploadDir);
    const response = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'files', fileName: 'good.txt', content: 'good' },
      { field: 'files', fileName: 'empty.txt', content: '' },
    ]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: '"empty.txt" is empty',
      errors: [{ field: 'files', message: '"empty.txt" is empty' }],
    });
    await expectNothingStored(task._id, before);
  });

  it.each([
    ['only a description', [{ field: 'description', value: 'No file' }]],
    ['an empty file input (no file chosen)', [{ field: 'files', fileName: '', content: '' }]],
    ['no parts at all', []],
  ])('refuses an upload with %s with 400', async (_label, parts) => {
    const task = await newTask();
    const before = filesOnDisk(uploadDir);
    const response = await uploadAttachments(server, owner.cookie, task._id, parts);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Choose at least one file to upload' });
    await expectNothingStored(task._id, before);
  });

  it('refuses files sent in another field, and a description over 1000 characters', async () => {
    const task = await newTask();
    const before = filesOnDisk(uploadDir);
    const wrongField = await uploadAttachments(server, owner.cookie, task._id, [{ field: 'file', fileName: 'a.txt', content: 'a' }]);
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ message: 'Send files in the field "files"', errors: [{ field: 'file' }] });
    const longDescription = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'files', fileName: 'a.txt', content: 'a' },
      { field: 'description', value: 'd'.repeat(1001) },
    ]);
    expect(longDescription.status).toBe(400);
    expect(longDescription.body).toMatchObject({
      message: 'Description must be at most 1000 characters',
      errors: [{ field: 'description' }],
    });
    const nul = await uploadAttachments(server, owner.cookie, task._id, [
      { field: 'description', value: 'before\u0000after' },
      { field: 'files', fileName: 'a.txt', content: 'a' },
    ]);
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ message: 'Description may not contain NUL characters', errors: [{ field: 'description' }] });
    await expectNothingStored(task._id, before);
  });

  it('refuses a JSON body or a text body with 415', async () => {
    const task = await newTask();
    const json = await server.request('POST', `/api/v1/tasks/${task._id}/attachments`, {
      cookie: owner.cookie,
      body: { files: ['a.txt'] },
    });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the files as multipart/form-data, in the field "files"',
    });
    const text = await server.request('POST', `/api/v1/tasks/${task._id}/attachments`, {
      cookie: owner.cookie,
      rawBody: 'a file',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('answers a malformed multipart body with 400', async () => {
    const task = await newTask();
    const response = await server.request('POST', `/api/v1/tasks/${task._id}/attachments`, {
      cookie: owner.cookie,
      rawBody: '--x\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(await rowsOf(task._id)).toEqual([]);
  });

  it('keeps serving on the same connection after refusing an upload', async () => {
    const task = await newTask();
    await uploadAttachments(server, owner.cookie, task._id, [{ field: 'files', fileName: 'x.bin', content: binaryContent(MAX_FILE_BYTES + 10) }]);
    const next = await buildAttachment(server, owner.cookie, task._id, { name: 'after.txt' });
    expect(next.name).toBe('after.txt');
  });
});

describe('browser protections', () => {
  it('refuses a cross-origin upload with 403 and stores nothing', async () => {
    const task = await newTask();
    const before = filesOnDisk(uploadDir);
    const response = await uploadAttachments(server, owner.cookie, task._id, [{ field: 'files', fileName: 'csrf.txt', content: 'x' }], {
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'FORBIDDEN', message: 'Cross-origin request refused' });
    await expectNothingStored(task._id, before);
    const sameOrigin = await uploadAttachments(server, owner.cookie, task._id, [{ field: 'files', fileName: 'ok.txt', content: 'x' }], {
      origin: server.url,
    });
    expect(sameOrigin.status).toBe(201);
  });

  it('refuses a cross-origin delete with 403', async () => {
    const task = await newTask();
    const attachment = await buildAttachment(server, owner.cookie, task._id);
    const response = await server.request('DELETE', filePath(task._id, attachment._id), {
      cookie: owner.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await rowsOf(task._id)).toHaveLength(1);
  });
});
