import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { backend } from '../../test/test-server.js';
import { binaryContent, multipartBody } from '../../test/multipart.js';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = path.join(repoRoot, 'apps/server/src/cli.ts');
const tsx = path.join(repoRoot, 'node_modules/tsx/dist/esm/index.mjs');

/** Runs `npm run backup|restore` as the README says, through the same command line (from source). */
function runCli(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', pathToUrl(tsx), cli, ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
  });
}
const pathToUrl = (file: string) => new URL(`file://${file}`).href;

const tablesQuery = `
  select table_schema as schema, table_name as name from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
  order by 1, 2`;

/** Every row of every table, as text, so two databases can be compared whole. */
async function snapshot(query: (text: string) => Promise<Array<Record<string, unknown>>>) {
  const tables = (await query(tablesQuery)) as Array<{ schema: string; name: string }>;
  const contents: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const [row] = await query(`select coalesce(json_agg(t order by t::text), '[]')::text as rows from "${schema}"."${name}" t`);
    contents[`${schema}.${name}`] = String(row?.rows);
  }
  return contents;
}

type Seeded = { cookie: string; taskId: string; attachmentId: string; content: Uint8Array };

/** The attachment's bytes as a restored server serves them. */
async function downloadFrom(url: string, seeded: Seeded) {
  const response = await fetch(`${url}/api/v1/tasks/${seeded.taskId}/attachments/${seeded.attachmentId}`, { headers: { cookie: seeded.cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''%C3%A9t%C3%A9.bin");
  return new Uint8Array(await response.arrayBuffer());
}

/** Data in every table the app has so far, and an attachment, made through the API as users would. */
async function seed(url: string): Promise<Seeded> {
  const call = async (method: string, route: string, body?: unknown, cookie?: string) => {
    const response = await fetch(url + route, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await response.json()) as any;
    expect(response.status, JSON.stringify(json)).toBeLessThan(300);
    return { json, cookie: response.headers.get('set-cookie')?.split(';')[0] };
  };
  const suffix = randomBytes(3).toString('hex');
  const owner = { username: `owner_${suffix}`, fullName: 'Ada Lovelace', email: `owner_${suffix}@example.com`, password: 'correct-horse-42' };
  const other = { username: `other_${suffix}`, fullName: "Grace O'Hopper", email: `other_${suffix}@example.com`, password: 'correct-horse-42' };
  await call('POST', '/api/v1/auth/register', owner);
  const { json: registered } = await call('POST', '/api/v1/auth/register', other);
  const { cookie } = await call('POST', '/api/v1/auth/login', { email: owner.email, password: owner.password });
  const { json: category } = await call('POST', '/api/v1/categories', { name: 'Home', slug: 'home', type: 'TODO', color: '#EF4444' }, cookie);
  await call('POST', '/api/v1/todos', { title: 'Water the plants; "quoted" \\ text', category: category.data._id, tags: ['a', 'b'], dueDate: '2025-01-05' }, cookie);
  const { json: workspace } = await call('POST', '/api/v1/workspaces', { name: 'Acme' }, cookie);
  const { json: project } = await call('POST', '/api/v1/projects', { name: 'Launch', workspaceId: workspace.data._id }, cookie);
  await call('POST', `/api/v1/projects/${project.data._id}/members`, { userId: registered.data._id, role: 'VIEWER' }, cookie);
  const { json: feature } = await call('POST', '/api/v1/features', { title: 'Onboarding', projectId: project.data._id }, cookie);
  const { json: taskCategory } = await call('POST', '/api/v1/categories', { name: 'Work', slug: 'work', type: 'TASK' }, cookie);
  const { json: task } = await call('POST', '/api/v1/tasks', { title: 'Sign', featureId: feature.data._id, categoryId: taskCategory.data._id }, cookie);
  const content = binaryContent(70_000);
  const { body, contentType } = multipartBody([
    { field: 'files', fileName: 'été.bin', content },
    { field: 'description', value: 'Binary, with zero bytes' },
  ]);
  const uploaded = await fetch(`${url}/api/v1/tasks/${task.data._id}/attachments`, {
    method: 'POST',
    headers: { 'content-type': contentType, cookie: cookie! },
    body,
  });
  const attachments = (await uploaded.json()) as any;
  expect(uploaded.status, JSON.stringify(attachments)).toBe(201);
  return { cookie: cookie!, taskId: task.data._id, attachmentId: attachments.data[0]._id, content };
}

// Each test starts the command line (tsx compiling the CLI) once or more: on two busy cores that
// alone can take most of the usual 30 s, so these tests get more room.
const cliTimeout = { timeout: 120_000 };

describe.runIf(backend === 'pglite')('backup and restore on PGlite', cliTimeout, () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-backup-'));
  const source = path.join(scratch, 'source');
  const restored = path.join(scratch, 'restored');
  const backupDir = path.join(scratch, 'backups', 'nightly');
  let server: RunningServer | undefined;
  let seeded: Seeded;

  beforeAll(async () => {
    server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: source, LOG_LEVEL: 'silent' }));
    seeded = await seed(server.url);
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** Stops the seeded server and backs its data directory up, once, whichever test asks first. */
  let backup: Promise<{ stdout: string }> | undefined;
  const backedUp = () =>
    (backup ??= (async () => {
      await server?.close();
      server = undefined;
      return runCli(['backup', backupDir], { DATA_DIR: source });
    })());

  it('refuses while the server holds the data directory, and says why', async () => {
    // Its own server and directory, so the test holds whatever order the tests run in.
    const held = path.join(scratch, 'held');
    const heldBackup = path.join(scratch, 'backups', 'refused');
    const holder = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: held, LOG_LEVEL: 'silent' }));
    try {
      await expect(runCli(['backup', heldBackup], { DATA_DIR: held })).rejects.toMatchObject({
        stderr: expect.stringContaining('in use by another Tasklane process'),
      });
      expect(fs.existsSync(heldBackup)).toBe(false);
    } finally {
      await holder.close();
    }
  });

  it('round-trips every table through npm run backup and npm run restore', async () => {
    const { stdout } = await backedUp();
    expect(stdout).toContain(`and 1 attachment file to ${backupDir}`);
    expect(JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'))).toMatchObject({
      backend: 'pglite',
      format: 'tasklane-backup',
      uploads: { folder: 'uploads', files: 1 },
    });
    expect(fs.readdirSync(path.dirname(backupDir)).filter((name) => name !== 'refused')).toEqual(['nightly']);

    await runCli(['restore', backupDir], { DATA_DIR: restored });

    const before = await PGlite.create({ dataDir: path.join(source, 'pglite') });
    const after = await PGlite.create({ dataDir: path.join(restored, 'pglite') });
    try {
      const expected = await snapshot(async (text) => (await before.query<Record<string, unknown>>(text)).rows);
      const actual = await snapshot(async (text) => (await after.query<Record<string, unknown>>(text)).rows);
      expect(Object.keys(expected)).toEqual(expect.arrayContaining(['public.users', 'public.todos', 'public.project_members', 'drizzle.__drizzle_migrations']));
      expect(expected['public.todos']).toContain('Water the plants');
      expect(actual).toEqual(expected);
    } finally {
      await before.close();
      await after.close();
    }

    // The restored directory serves: the server starts on it, the session still holds, and
    // the attachment comes back byte for byte.
    server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: restored, LOG_LEVEL: 'silent' }));
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    const bytes = await downloadFrom(server.url, seeded);
    expect(Buffer.from(bytes).equals(Buffer.from(seeded.content))).toBe(true);
  });

  it('never restores over an existing database, nor a backup of the other backend', async () => {
    await backedUp();
    await expect(runCli(['restore', backupDir], { DATA_DIR: source })).rejects.toMatchObject({
      stderr: expect.stringContaining('already holds a database'),
    });
    await expect(runCli(['restore', backupDir], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toMatchObject({
      stderr: expect.stringContaining('restore it with DATABASE_URL unset'),
    });
    await expect(runCli(['restore', scratch], { DATA_DIR: path.join(scratch, 'x') })).rejects.toMatchObject({
      stderr: expect.stringContaining('is not a Tasklane backup'),
    });
    // An empty DATA_DIR whose UPLOAD_DIR already holds files: refused before anything is written.
    const fresh = path.join(scratch, 'fresh');
    await expect(runCli(['restore', backupDir], { DATA_DIR: fresh, UPLOAD_DIR: path.join(source, 'uploads') })).rejects.toMatchObject({
      stderr: expect.stringContaining('already holds attachment files'),
    });
    expect(fs.existsSync(path.join(fresh, 'pglite'))).toBe(false);
  });
});

describe.runIf(backend === 'postgres')('backup and restore on PostgreSQL', cliTimeout, () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const names = [`tasklane_b_${randomBytes(5).toString('hex')}`, `tasklane_r_${randomBytes(5).toString('hex')}`];
  const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-backup-'));
  const backupDir = path.join(scratch, 'backup');
  const uploadDirs = [path.join(scratch, 'uploads-source'), path.join(scratch, 'uploads-restored')];
  let server: RunningServer | undefined;
  let seeded: Seeded;

  beforeAll(async () => {
    for (const name of names) await admin.unsafe(`create database ${name}`);
    server = await startServer(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: urlOf(names[0]!), UPLOAD_DIR: uploadDirs[0], LOG_LEVEL: 'silent' }),
    );
    seeded = await seed(server.url);
  });

  afterAll(async () => {
    await server?.close();
    for (const name of names) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** Backs the serving database up, once, whichever test asks first. */
  let backup: Promise<unknown> | undefined;
  const backedUp = () => (backup ??= runCli(['backup', backupDir], { DATABASE_URL: urlOf(names[0]!), UPLOAD_DIR: uploadDirs[0]! }));

  it('backs up while the app serves, and round-trips every table into an empty database', async () => {
    await backedUp();
    expect(JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'))).toMatchObject({
      backend: 'postgres',
      uploads: { folder: 'uploads', files: 1 },
    });
    await runCli(['restore', backupDir], { DATABASE_URL: urlOf(names[1]!), UPLOAD_DIR: uploadDirs[1]! });

    const before = postgres(urlOf(names[0]!), { max: 1, onnotice: () => {} });
    const after = postgres(urlOf(names[1]!), { max: 1, onnotice: () => {} });
    try {
      const expected = await snapshot((text) => before.unsafe(text));
      const actual = await snapshot((text) => after.unsafe(text));
      expect(Object.keys(expected)).toEqual(expect.arrayContaining(['public.users', 'public.todos', 'drizzle.__drizzle_migrations']));
      expect(actual).toEqual(expected);
    } finally {
      await before.end();
      await after.end();
    }

    const restoredServer = await startServer(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: urlOf(names[1]!), UPLOAD_DIR: uploadDirs[1], LOG_LEVEL: 'silent' }),
    );
    try {
      const bytes = await downloadFrom(restoredServer.url, seeded);
      expect(Buffer.from(bytes).equals(Buffer.from(seeded.content))).toBe(true);
    } finally {
      await restoredServer.close();
    }
  });

  it('refuses to restore into a database that is not empty', async () => {
    await backedUp();
    await expect(runCli(['restore', backupDir], { DATABASE_URL: urlOf(names[0]!), UPLOAD_DIR: path.join(scratch, 'uploads-empty') })).rejects.toMatchObject({
      stderr: expect.stringContaining('not empty'),
    });
  });
});
