import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { buildSignedInUser, buildWorkspace, type SignedInUser } from '../../../test/factories.js';
import { importEnded, sendImport, trelloBoard } from '../../../test/imports.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { findImportActor, claimImportJob, insertImportJob, recordBatch } from './imports.repo.js';
import { SummaryRecorder } from './importers/importer.js';
import { trelloImporter } from './importers/trello.js';

/**
 * Two app instances on one database and one UPLOAD_DIR, each running the import runner: every
 * job is worked by one runner (FOR UPDATE SKIP LOCKED), and a job whose runner died (its lease
 * ran out) is taken up again.
 */
let first: TestServer;
let second: TestServer;
let owner: SignedInUser;

beforeAll(async () => {
  // Small batches and fast polls, so the two runners' rounds overlap all the time.
  const imports = { batchSize: 2, pollMs: 20 };
  first = await startTestServer({}, { imports });
  second = await startTestServer({ uploads: first.config.uploads }, { imports, databaseUrl: first.databaseUrl });
  owner = await buildSignedInUser(first);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const board = (name: string, cards: number) =>
  JSON.stringify(trelloBoard({ name, lists: [{ id: 'l', name: 'List' }], cards: Array.from({ length: cards }, (_, index) => ({ name: `${name} card ${index}`, list: 'l' })) }));

const finishedLines = (jobId: string) => [...first.logs, ...second.logs].filter((line) => line.includes('"import finished"') && line.includes(jobId));

describe('imports with two app instances', () => {
  it('runs each job once, whichever instance took the upload', async () => {
    const workspace = await buildWorkspace(first, owner.cookie);
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) {
      const server = index % 2 ? second : first;
      const started = await sendImport(server, owner.cookie, `/api/v1/workspaces/${workspace._id}/imports`, { source: 'trello' }, { name: `b${index}.json`, content: board(`Board ${index}`, 5) });
      expect(started.status, started.text).toBe(202);
      ids.push(started.body.data._id);
    }
    for (const id of ids) {
      const job = await importEnded(first, owner.cookie, id);
      expect(job.status, job.error).toBe('COMPLETED');
      expect(job.summary.created).toEqual({ projects: 1, features: 1, tasks: 5 });
      const features = await second.request('GET', `/api/v1/features?projectId=${job.projectId}`, { cookie: owner.cookie });
      const tasks = await second.request('GET', `/api/v1/tasks?featureId=${features.body.data[0]._id}&limit=100`, { cookie: owner.cookie });
      expect(tasks.body.total).toBe(5);
    }
    // Both runners keep polling a while: no job runs again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const id of ids) expect(finishedLines(id)).toHaveLength(1);
    const projects = await first.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie: owner.cookie });
    expect(projects.body.data.projects).toHaveLength(6);
  });

  it('takes up a job whose runner died once its lease has run out', async () => {
    const workspace = await buildWorkspace(first, owner.cookie);
    const stored = await first.ctx.files.put(Readable.from([Buffer.from(board('Orphaned', 3))]));
    // Queued and claimed in one transaction, as by a process that then died: no runner saw it free.
    const jobId = await first.database.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const job = await insertImportJob(db, { ownerId: owner.user.id, source: 'trello', workspaceId: workspace._id, fileKey: stored.id, fileName: 'orphan.json', options: {}, total: 3 });
      const claimed = await claimImportJob(db, 300);
      expect(claimed?.id).toBe(job.id);
      return job.id;
    });
    const job = await importEnded(second, owner.cookie, jobId);
    expect(job).toMatchObject({ status: 'COMPLETED', progress: { done: 3, total: 3 }, summary: { created: { projects: 1, features: 1, tasks: 3 } } });
    expect(finishedLines(jobId)).toHaveLength(1);
  });

  it('resumes a job after its last committed batch: nothing is made twice', async () => {
    const workspace = await buildWorkspace(first, owner.cookie);
    const content = Buffer.from(board('Halfway', 5));
    const stored = await first.ctx.files.put(Readable.from([content]));
    const db = first.database.db;
    // A runner that set the project up and imported two cards, then died (its lease runs out).
    const jobId = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const job = await insertImportJob(txDb, { ownerId: owner.user.id, source: 'trello', workspaceId: workspace._id, fileKey: stored.id, fileName: 'halfway.json', options: {}, total: 5 });
      await claimImportJob(txDb, 60_000);
      return job.id;
    });
    const [claimed] = (await db.execute(sql`select claim_token from import_jobs where id = ${jobId}`)) as unknown as { claim_token: string }[];
    const plan = trelloImporter.parse(content, {});
    const actor = { ...(await findImportActor(db, owner.user.id))!, clientId: null };
    let state: unknown = null;
    let projectId: string | null = null;
    const summary = new SummaryRecorder();
    for (let batch = 0; batch < 2; batch++) {
      await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        const run = { plan, ctx: { ...first.ctx, db: txDb }, heartbeat: async () => {}, actor, workspaceId: workspace._id, summary, setProjectId: (id: string) => (projectId = id) };
        const result = await trelloImporter.runBatch(txDb, run, state as never, 2);
        state = result.state;
        const record = { state: result.state, done: result.done, total: 5, summary: summary.summary, projectId, isFinished: result.isFinished };
        // The last batch it committed leaves a lease that has run out by the time anyone looks.
        expect(await recordBatch(txDb, jobId, claimed!.claim_token, record, batch === 1 ? 1 : 60_000)).toBe(true);
      });
    }
    const job = await importEnded(second, owner.cookie, jobId);
    expect(job).toMatchObject({ status: 'COMPLETED', projectId, progress: { done: 5, total: 5 }, summary: { created: { projects: 1, features: 1, tasks: 5 } } });
    const features = await first.request('GET', `/api/v1/features?projectId=${projectId}`, { cookie: owner.cookie });
    expect(features.body.data).toHaveLength(1);
    const tasks = await first.request('GET', `/api/v1/tasks?featureId=${features.body.data[0]._id}&limit=100&sortBy=createdAt&sortOrder=asc`, { cookie: owner.cookie });
    expect(tasks.body.data.tasks.map((task: { title: string }) => task.title)).toEqual([0, 1, 2, 3, 4].map((index) => `Halfway card ${index}`));
    const projects = await first.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie: owner.cookie });
    expect(projects.body.data.projects).toHaveLength(1);
  });

  it('a process that stops mid-import hands its job back, and another runner finishes it without waiting for the lease', async () => {
    // Slow polls: each runner looks only when its own process queues a job.
    const owning = await startTestServer({}, { imports: { pollMs: 600_000 } });
    const stopping = await startTestServer({ uploads: owning.config.uploads }, { databaseUrl: owning.databaseUrl, imports: { batchSize: 1, pollMs: 600_000 } });
    try {
      const person = await buildSignedInUser(owning);
      const workspace = await buildWorkspace(owning, person.cookie);
      const path = `/api/v1/workspaces/${workspace._id}/imports`;
      const started = await sendImport(stopping, person.cookie, path, { source: 'trello' }, { name: 'long.json', content: board('Long', 300) });
      expect(started.status, started.text).toBe(202);
      const id = started.body.data._id as string;
      for (;;) {
        const read = await owning.request('GET', `/api/v1/imports/${id}`, { cookie: person.cookie });
        if (read.body.data.progress.done > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await stopping.close();
      const paused = (await owning.request('GET', `/api/v1/imports/${id}`, { cookie: person.cookie })).body.data;
      expect(paused.status).toBe('RUNNING');
      expect(paused.progress.done).toBeLessThan(300);

      // Another job wakes the other process's runner, which takes the older one first (its lease was handed back).
      const other = await sendImport(owning, person.cookie, path, { source: 'trello' }, { name: 'short.json', content: board('Short', 1) });
      expect(other.status).toBe(202);
      const job = await importEnded(owning, person.cookie, id);
      expect(job).toMatchObject({ status: 'COMPLETED', progress: { done: 300, total: 300 }, summary: { created: { projects: 1, features: 1, tasks: 300 } } });
      const features = await owning.request('GET', `/api/v1/features?projectId=${job.projectId}`, { cookie: person.cookie });
      const tasks = await owning.request('GET', `/api/v1/tasks?featureId=${features.body.data[0]._id}&limit=1`, { cookie: person.cookie });
      expect(tasks.body.total).toBe(300);
      expect(stopping.logs.some((line) => line.includes('import paused for shutdown'))).toBe(true);
    } finally {
      await stopping.close().catch(() => {});
      await owning.close();
    }
  });
});
