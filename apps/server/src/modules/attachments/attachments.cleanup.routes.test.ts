import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { taskAttachments, taskHistory } from '../../db/schema.js';
import {
  buildAttachment,
  buildFeature,
  buildProject,
  buildSignedInUser,
  buildTask,
  buildWorkspace,
  uploadAttachments,
  type SignedInUser,
} from '../../../test/factories.js';
import { binaryContent, multipartBody } from '../../../test/multipart.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { filesOnDisk, makeUploadDir, storedFilesOnDisk } from '../../../test/upload-dir.js';
import { runHousekeeping } from '../housekeeping/housekeeping.service.js';

const uploadDir = makeUploadDir();
let server: TestServer;
let owner: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({ uploads: { dir: uploadDir, maxFileBytes: 1024 * 1024, maxFiles: 5 } });
  owner = await buildSignedInUser(server);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const storedPath = (key: string) => path.join(key.slice(0, 2), key);

async function storageKeysOf(taskId: string): Promise<string[]> {
  const rows = await server.database.db.select().from(taskAttachments).where(eq(taskAttachments.taskId, taskId));
  return rows.map((row) => storedPath(row.storageKey));
}

/** A workspace > project > feature > task tree with two attachments on the task. */
async function buildTree(workspaceId?: string) {
  const workspace = workspaceId ?? (await buildWorkspace(server, owner.cookie))._id;
  const project = await buildProject(server, owner.cookie, { workspaceId: workspace });
  const feature = await buildFeature(server, owner.cookie, project._id);
  const task = await buildTask(server, owner.cookie, feature._id);
  await buildAttachment(server, owner.cookie, task._id, { name: 'one.txt' });
  await buildAttachment(server, owner.cookie, task._id, { name: 'two.bin', content: binaryContent(3000) });
  const files = await storageKeysOf(task._id);
  expect(files).toHaveLength(2);
  return { workspaceId: workspace, projectId: project._id, featureId: feature._id, taskId: task._id, files };
}

describe('deleting what holds attachments removes their files', () => {
  it.each([
    ['a task', (tree: Awaited<ReturnType<typeof buildTree>>) => `/api/v1/tasks/${tree.taskId}`],
    ['a feature', (tree: Awaited<ReturnType<typeof buildTree>>) => `/api/v1/features/${tree.featureId}`],
    ['a project', (tree: Awaited<ReturnType<typeof buildTree>>) => `/api/v1/projects/${tree.projectId}`],
    ['a workspace', (tree: Awaited<ReturnType<typeof buildTree>>) => `/api/v1/workspaces/${tree.workspaceId}`],
  ])('deleting %s removes its attachment files and no others', async (_label, pathOf) => {
    const doomed = await buildTree();
    // A second project in the same workspace: only the workspace delete may touch it.
    const sibling = await buildTree(doomed.workspaceId);
    const elsewhere = await buildTree();
    const response = await server.request('DELETE', pathOf(doomed), { cookie: owner.cookie });
    expect(response.status, response.text).toBe(200);

    const onDisk = storedFilesOnDisk(uploadDir);
    for (const file of doomed.files) expect(onDisk).not.toContain(file);
    for (const file of elsewhere.files) expect(onDisk).toContain(file);
    const isWorkspace = pathOf(doomed).includes('/workspaces/');
    for (const file of sibling.files) expect(onDisk.includes(file)).toBe(!isWorkspace);
    expect(await storageKeysOf(doomed.taskId)).toEqual([]);
  });

  it('a refused delete removes nothing', async () => {
    const tree = await buildTree();
    const stranger = await buildSignedInUser(server);
    const response = await server.request('DELETE', `/api/v1/workspaces/${tree.workspaceId}`, { cookie: stranger.cookie });
    expect(response.status).toBe(404);
    const onDisk = storedFilesOnDisk(uploadDir);
    for (const file of tree.files) expect(onDisk).toContain(file);
  });
});

describe('a failed upload leaves neither a file nor a row', () => {
  it('when the database refuses the rows, the stored files are removed (500, nothing recorded)', async () => {
    const db = server.database.db;
    await db.execute(sql.raw(`
      create function refuse_attachment() returns trigger language plpgsql as $$
      begin
        if new.name = 'refused.bin' then raise exception 'injected failure'; end if;
        return new;
      end $$`));
    await db.execute(sql.raw(`create trigger refuse_attachment before insert on task_attachments
      for each row execute function refuse_attachment()`));
    try {
      const project = await buildProject(server, owner.cookie);
      const task = await buildTask(server, owner.cookie, (await buildFeature(server, owner.cookie, project._id))._id);
      const before = filesOnDisk(uploadDir);
      const response = await uploadAttachments(server, owner.cookie, task._id, [
        { field: 'files', fileName: 'accepted.txt', content: 'fine' },
        { field: 'files', fileName: 'refused.bin', content: binaryContent(5000) },
      ]);
      expect(response.status).toBe(500);
      expect(response.body).toMatchObject({ success: false, code: 'INTERNAL_ERROR' });
      expect(filesOnDisk(uploadDir)).toEqual(before);
      expect(await storageKeysOf(task._id)).toEqual([]);
      const history = await db.select().from(taskHistory).where(eq(taskHistory.taskId, task._id));
      expect(history.map((entry) => entry.action)).toEqual(['CREATED']);
      const detail = await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: owner.cookie });
      expect(detail.body.data.updatedAt).toBe(task.updatedAt);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_attachment on task_attachments'));
      await db.execute(sql.raw('drop function refuse_attachment()'));
    }
  });

  it('when the client goes away mid-upload, the files already stored are removed', async () => {
    const project = await buildProject(server, owner.cookie);
    const task = await buildTask(server, owner.cookie, (await buildFeature(server, owner.cookie, project._id))._id);
    const before = filesOnDisk(uploadDir);
    const { body, contentType } = multipartBody([
      { field: 'files', fileName: 'complete.bin', content: binaryContent(100_000) },
      { field: 'files', fileName: 'cut-short.bin', content: binaryContent(500_000) },
    ]);
    const url = new URL(server.url);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: `/api/v1/tasks/${task._id}/attachments`,
      headers: { cookie: owner.cookie, 'content-type': contentType, 'content-length': String(body.length) },
    });
    request.on('error', () => {});
    request.write(body.subarray(0, 300_000));
    // The first file is in place and the second is being written...
    await vi.waitFor(() => expect(filesOnDisk(uploadDir).filter((file) => !before.includes(file)).length).toBe(2), { timeout: 10_000 });
    // ...when the connection drops.
    request.destroy();
    await vi.waitFor(() => expect(filesOnDisk(uploadDir)).toEqual(before), { timeout: 10_000 });
    expect(await storageKeysOf(task._id)).toEqual([]);
  });
});

describe('a failed file write leaves neither a file nor a row', () => {
  let failingDir: string;
  let failing: TestServer;
  let cookie: string;

  beforeAll(async () => {
    failingDir = makeUploadDir();
    let puts = 0;
    failing = await startTestServer(
      { uploads: { dir: failingDir, maxFileBytes: 1024 * 1024, maxFiles: 5 } },
      {
        // Every second file meets a full disk partway through.
        files: (disk) => ({
          ...disk,
          put(source) {
            puts += 1;
            if (puts % 2 === 1) return disk.put(source);
            let written = 0;
            const diskFull = new Transform({
              transform(chunk: Buffer, _encoding, done) {
                written += chunk.length;
                done(written > 10_000 ? Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }) : null, chunk);
              },
            });
            // The store meets the error when it reads; until then it is only recorded.
            diskFull.on('error', () => {});
            source.pipe(diskFull);
            return disk.put(diskFull);
          },
        }),
      },
    );
    cookie = (await buildSignedInUser(failing)).cookie;
  });
  afterAll(async () => {
    await failing.close();
    fs.rmSync(failingDir, { recursive: true, force: true });
  });

  it('answers 500, removes the file written before and the half-written one, records nothing', async () => {
    const project = await buildProject(failing, cookie);
    const task = await buildTask(failing, cookie, (await buildFeature(failing, cookie, project._id))._id);
    const response = await uploadAttachments(failing, cookie, task._id, [
      { field: 'files', fileName: 'written.bin', content: binaryContent(50_000) },
      { field: 'files', fileName: 'disk-full.bin', content: binaryContent(50_000) },
      { field: 'files', fileName: 'never-read.bin', content: binaryContent(50_000) },
    ]);
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({ success: false, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
    expect(filesOnDisk(failingDir)).toEqual([]);
    const detail = await failing.request('GET', `/api/v1/tasks/${task._id}`, { cookie });
    expect(detail.body.data.attachments).toEqual([]);
    expect(detail.body.data.history.map((entry: { action: string }) => entry.action)).toEqual(['CREATED']);
  });
});

describe('housekeeping', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  const age = (file: string, date: Date) => fs.utimesSync(path.join(uploadDir, file), date, date);

  it('removes old files no row holds and stale half-written ones, and nothing else', async () => {
    const project = await buildProject(server, owner.cookie);
    const task = await buildTask(server, owner.cookie, (await buildFeature(server, owner.cookie, project._id))._id);
    await buildAttachment(server, owner.cookie, task._id);
    const [held] = await storageKeysOf(task._id);
    age(held!, hoursAgo(48));

    const oldOrphan = storedPath((await server.ctx.files.put(Readable.from([Buffer.from('left by a crash')]))).id);
    age(oldOrphan, hoursAgo(25));
    const recentOrphan = storedPath((await server.ctx.files.put(Readable.from([Buffer.from('its row may be committing')]))).id);
    age(recentOrphan, hoursAgo(23));
    const staleTemp = path.join('tmp', '0b8f4c1e-7d2a-4e3b-9f10-2c6d5e4a3b21.part');
    const liveTemp = path.join('tmp', '5e2a9d70-1c3b-4f8e-a6d4-9b0c7e1f2a35.part');
    fs.writeFileSync(path.join(uploadDir, staleTemp), 'half');
    fs.writeFileSync(path.join(uploadDir, liveTemp), 'being written');
    age(staleTemp, hoursAgo(2));

    const removed = await runHousekeeping(server.ctx);

    expect(removed).toEqual({ staleTempFiles: 1, orphanFiles: 1 });
    const onDisk = filesOnDisk(uploadDir);
    expect(onDisk).not.toContain(oldOrphan);
    expect(onDisk).not.toContain(staleTemp);
    expect(onDisk).toContain(held);
    expect(onDisk).toContain(recentOrphan);
    expect(onDisk).toContain(liveTemp);
    // The attachment still downloads.
    const list = await server.request('GET', `/api/v1/tasks/${task._id}/attachments`, { cookie: owner.cookie });
    const file = await server.request('GET', `/api/v1/tasks/${task._id}/attachments/${list.body.data[0]._id}`, { cookie: owner.cookie });
    expect(file.status).toBe(200);
  });
});
