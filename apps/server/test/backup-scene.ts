import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, type Database } from '../src/db/client.js';
import { createDiskFileStore } from '../src/storage/file-store.js';
import { binaryContent, multipartBody } from './multipart.js';

/** What the backup tests share: seeding through the API, comparing two databases whole, the command line. */

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cli = path.join(repoRoot, 'apps/server/src/cli.ts');
const tsx = path.join(repoRoot, 'node_modules/tsx/dist/esm/index.mjs');

/** Runs `npm run backup|restore` as the README says, through the same command line (from source). */
export function runCli(args: string[], env: Record<string, string>, options: { cwd?: string } = {}) {
  return run(process.execPath, ['--import', new URL(`file://${tsx}`).href, cli, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
  });
}

// Each test that starts the command line (tsx compiling the CLI) can take most of the usual
// 30 s on two busy cores, so these tests get more room.
export const cliTimeout = { timeout: 120_000 };

const tablesQuery = `
  select table_schema as schema, table_name as name from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
  order by 1, 2`;

type Query = (text: string) => Promise<readonly Record<string, unknown>[]>;

/**
 * Every row of every table, as text, so two databases can be compared whole, whichever engine
 * holds them (PGlite or a PostgreSQL server): times in UTC, rows in byte order. `where` narrows
 * a table to the rows that can be compared (see the test that uses it for why).
 */
export async function snapshot(query: Query, where: Record<string, string> = {}) {
  await query(`set time zone 'UTC'`);
  const tables = (await query(tablesQuery)) as Array<{ schema: string; name: string }>;
  const contents: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const key = `${schema}.${name}`;
    const filter = where[key] ? `where ${where[key]}` : '';
    const [row] = await query(`select coalesce(json_agg(t order by t::text collate "C"), '[]')::text as rows from "${schema}"."${name}" t ${filter}`);
    contents[key] = String(row?.rows);
  }
  return contents;
}

export type Seeded = { cookie: string; categoryId: string; taskId: string; attachmentId: string; content: Uint8Array };

async function call(url: string, method: string, route: string, body?: unknown, cookie?: string) {
  const response = await fetch(url + route, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as any;
  expect(response.status, JSON.stringify(json)).toBeLessThan(300);
  return { json, cookie: response.headers.get('set-cookie')?.split(';')[0] };
}

/** Data in every table the app has so far, and an attachment, made through the API as users would. */
export async function seed(url: string): Promise<Seeded> {
  const suffix = randomBytes(3).toString('hex');
  const owner = { username: `owner_${suffix}`, fullName: 'Ada Lovelace', email: `owner_${suffix}@example.com`, password: 'correct-horse-42' };
  const other = { username: `other_${suffix}`, fullName: "Grace O'Hopper", email: `other_${suffix}@example.com`, password: 'correct-horse-42' };
  await call(url, 'POST', '/api/v1/auth/register', owner);
  const { json: registered } = await call(url, 'POST', '/api/v1/auth/register', other);
  const { cookie } = await call(url, 'POST', '/api/v1/auth/login', { email: owner.email, password: owner.password });
  const { json: category } = await call(url, 'POST', '/api/v1/categories', { name: 'Home', slug: 'home', type: 'TODO', color: '#EF4444' }, cookie);
  await call(url, 'POST', '/api/v1/todos', { title: 'Water the plants; "quoted" \\ text\ttab\nline', category: category.data._id, tags: ['a', 'b'], dueDate: '2025-01-05' }, cookie);
  // A repeating todo, completed: the next one points at it (todos referencing todos, issue 19).
  const { json: repeating } = await call(url, 'POST', '/api/v1/todos', { title: 'Bins out', category: category.data._id, dueDate: '2025-01-06', recurrence: 'FREQ=WEEKLY;BYDAY=MO' }, cookie);
  await call(url, 'PUT', `/api/v1/todos/${repeating.todo._id}`, { ...repeating.todo, status: 'COMPLETED' }, cookie);
  const { json: workspace } = await call(url, 'POST', '/api/v1/workspaces', { name: 'Acme' }, cookie);
  const { json: project } = await call(url, 'POST', '/api/v1/projects', { name: 'Launch', workspaceId: workspace.data._id }, cookie);
  await call(url, 'POST', `/api/v1/projects/${project.data._id}/members`, { userId: registered.data._id, role: 'VIEWER' }, cookie);
  const { json: feature } = await call(url, 'POST', '/api/v1/features', { title: 'Onboarding', projectId: project.data._id }, cookie);
  const { json: taskCategory } = await call(url, 'POST', '/api/v1/categories', { name: 'Work', slug: 'work', type: 'TASK' }, cookie);
  const { json: task } = await call(url, 'POST', '/api/v1/tasks', { title: 'Sign', featureId: feature.data._id, categoryId: taskCategory.data._id }, cookie);
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
  return { cookie: cookie!, categoryId: category.data._id, taskId: task.data._id, attachmentId: attachments.data[0]._id, content };
}

/** The attachment's bytes as a restored server serves them. */
export async function downloadFrom(url: string, seeded: Seeded) {
  const response = await fetch(`${url}/api/v1/tasks/${seeded.taskId}/attachments/${seeded.attachmentId}`, { headers: { cookie: seeded.cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''%C3%A9t%C3%A9.bin");
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * What a restored server shows the seeded owner: their todos' titles, and a new todo it accepts
 * (the ids the rows came with did not leave a sequence behind: the write's event row gets a
 * fresh id). Returns the new todo's title.
 */
export async function expectServes(url: string, seeded: Seeded) {
  const { json: todos } = await call(url, 'GET', '/api/v1/todos', undefined, seeded.cookie);
  expect(todos.todos.map((todo: { title: string }) => todo.title)).toContain('Water the plants; "quoted" \\ text\ttab\nline');
  const { json: created } = await call(url, 'POST', '/api/v1/todos', { title: 'After the restore', category: seeded.categoryId }, seeded.cookie);
  expect(created.data.title).toBe('After the restore');
  const bytes = await downloadFrom(url, seeded);
  expect(Buffer.from(bytes).equals(Buffer.from(seeded.content))).toBe(true);
}

/**
 * The app on a PGlite database (the embedded database before issue 15), listening, without the
 * background housekeeping: data made before the embedded PostgreSQL server, seeded through the API.
 */
export async function servePglite(dataDir: string | undefined, uploadDir: string): Promise<{ url: string; database: Database; close(): Promise<void> }> {
  const database = await openPglite({ dataDir });
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: 'silent', UPLOAD_DIR: uploadDir, API_RATE_LIMIT_PER_IP: '0' });
  const app = await buildApp({ config, database, files: createDiskFileStore(uploadDir) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    database,
    async close() {
      app.server.closeAllConnections();
      await app.close();
      await database.close();
    },
  };
}
