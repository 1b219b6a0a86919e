import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE } from '../src/db/client.js';
import { connectPostgres } from '../src/db/connect.js';
import { clusterDirOf, startEmbeddedPostgres, stopOrphan } from '../src/db/embedded.js';
import { freePort, ServerProcess } from './server-process.js';
import { newLedger, random, runClient, type Ledger, type Session, type Tracked } from './workload.js';

/**
 * Crash durability (issue 7): the real server, 50 concurrent clients writing todos, tasks and
 * comments, and SIGKILL at random moments, 20 times per backend. Every acknowledged write must be
 * there afterwards, intact; nothing may be half-written; every restart must succeed.
 */
const CLIENTS = 50;
const KILLS = Number(process.env.RELIABILITY_KILLS ?? 20);
const SEED = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

async function call(base: string, method: string, route: string, body?: unknown, cookie?: string) {
  const response = await fetch(base + route, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as any;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return { json, cookie: response.headers.get('set-cookie')?.split(';')[0] };
}

/** 50 users who share one project (the first is its admin), each with a TODO and a TASK category. */
async function setUp(server: ServerProcess): Promise<Session[]> {
  const base = server.url;
  const run = randomBytes(3).toString('hex');
  const people = [];
  for (let index = 0; index < CLIENTS; index += 1) {
    const user = { username: `crash_${run}_${index}`, fullName: `Crash Client ${index}`, email: `crash_${run}_${index}@example.com`, password: 'correct-horse-42' };
    const { json } = await call(base, 'POST', '/api/v1/auth/register', user);
    const { cookie } = await call(base, 'POST', '/api/v1/auth/login', { email: user.email, password: user.password });
    people.push({ id: json.data._id as string, cookie: cookie!, name: `c${index}` });
  }
  const admin = people[0]!;
  const { json: workspace } = await call(base, 'POST', '/api/v1/workspaces', { name: 'Crash test' }, admin.cookie);
  const { json: project } = await call(base, 'POST', '/api/v1/projects', { name: 'Crash test', workspaceId: workspace.data._id }, admin.cookie);
  for (const person of people.slice(1)) {
    await call(base, 'POST', `/api/v1/projects/${project.data._id}/members`, { userId: person.id, role: 'MEMBER' }, admin.cookie);
  }
  const { json: feature } = await call(base, 'POST', '/api/v1/features', { title: 'Crash test', projectId: project.data._id }, admin.cookie);
  const sessions: Session[] = [];
  for (const person of people) {
    const category = async (type: string) =>
      (await call(base, 'POST', '/api/v1/categories', { name: type, slug: type.toLowerCase(), type }, person.cookie)).json.data._id as string;
    sessions.push({
      base: () => server.url,
      cookie: person.cookie,
      name: person.name,
      featureId: feature.data._id,
      todoCategory: await category('TODO'),
      taskCategory: await category('TASK'),
    });
  }
  return sessions;
}

const matches = (tracked: Tracked, actual: { title: string; status: string }) =>
  [tracked.acked, ...tracked.unknown].some((value) => value.title === actual.title && value.status === actual.status);

/** Every acknowledged write is there, as acknowledged (or as a later write whose answer was lost). */
async function checkAcknowledged(sessions: Session[], ledger: Ledger) {
  const problems: string[] = [];
  let checked = 0;
  const base = sessions[0]!.base();
  const seenTodos = new Map<string, { title: string; status: string }>();
  for (const session of sessions) {
    const { json } = await call(base, 'GET', '/api/v1/todos', undefined, session.cookie);
    for (const todo of json.todos) seenTodos.set(todo._id, todo);
  }
  for (const [id, tracked] of ledger.todos) {
    checked += 1;
    const todo = seenTodos.get(id);
    if (!todo) problems.push(`todo ${id} (${tracked.acked.title}) is missing`);
    else if (!matches(tracked, todo)) problems.push(`todo ${id} is ${todo.title}/${todo.status}, acknowledged ${tracked.acked.title}/${tracked.acked.status}`);
  }
  const admin = sessions[0]!.cookie;
  for (const [id, tracked] of ledger.tasks) {
    checked += 1;
    const response = await fetch(`${base}/api/v1/tasks/${id}`, { headers: { cookie: admin } });
    if (response.status !== 200) {
      problems.push(`task ${id} (${tracked.acked.title}) answers ${response.status}`);
      continue;
    }
    const task = ((await response.json()) as any).data;
    if (!matches(tracked, task)) problems.push(`task ${id} is ${task.title}/${task.status}, acknowledged ${tracked.acked.title}/${tracked.acked.status}`);
    if (!task.history.some((entry: { action: string }) => entry.action === 'CREATED')) problems.push(`task ${id} has no CREATED entry`);
  }
  const commentsByTask = new Map<string, Set<string>>();
  for (const { taskId, text } of ledger.comments) {
    checked += 1;
    if (!commentsByTask.has(taskId)) {
      const { json } = await call(base, 'GET', `/api/v1/tasks/${taskId}/comments`, undefined, admin);
      commentsByTask.set(taskId, new Set(json.data.map((comment: { comment: string }) => comment.comment)));
    }
    if (!commentsByTask.get(taskId)!.has(text)) problems.push(`comment "${text}" on task ${taskId} is missing`);
  }
  return { checked, problems };
}

/** Nothing half-written, read straight from the database with the server stopped. */
async function checkConsistency(query: Query) {
  const problems: string[] = [];
  const withoutOneCreated = await query(`
    select t.id, count(h.id)::int as created from tasks t
    left join task_history h on h.task_id = t.id and h.action = 'CREATED'
    group by t.id having count(h.id) <> 1`);
  for (const row of withoutOneCreated) problems.push(`task ${row.id} has ${row.created} CREATED entries`);
  // The status history tells the same story as the status: its latest entry names the current one.
  const statusDisagrees = await query(`
    select t.id, t.status, latest.status as history_status from tasks t
    cross join lateral (
      select case h.action when 'CREATED' then h.details->>'status' when 'STATUS_CHANGED' then h.details->>'to'
        when 'BLOCKED' then 'BLOCKED' when 'UNBLOCKED' then h.details->>'to' end as status
      from task_history h
      where h.task_id = t.id and h.action in ('CREATED', 'STATUS_CHANGED', 'BLOCKED', 'UNBLOCKED')
      order by h.created_at desc, (h.action = 'CREATED') asc limit 1
    ) latest
    where latest.status is distinct from t.status`);
  for (const row of statusDisagrees) problems.push(`task ${row.id} is ${row.status} but its history says ${row.history_status}`);
  const completedAt = await query(`select id from todos where (status = 'COMPLETED') <> (completed_at is not null)`);
  for (const row of completedAt) problems.push(`todo ${row.id} has a completedAt that disagrees with its status`);
  const [counts] = await query(`select (select count(*) from tasks)::int as tasks, (select count(*) from todos)::int as todos,
    (select count(*) from task_comments)::int as comments, (select count(*) from task_history)::int as history`);
  return { problems, counts };
}

async function crashRun(
  server: ServerProcess,
  query: () => Promise<{ query: Query; close(): Promise<void> }>,
  beforeKill: (kill: number) => void = () => {},
) {
  await server.start();
  const sessions = await setUp(server);
  const ledger = newLedger();
  let stopped = false;
  const clients = sessions.map((session, index) => runClient(session, ledger, SEED * 100 + index, () => stopped));
  const rng = random(SEED);
  for (let kill = 0; kill < KILLS; kill += 1) {
    await new Promise((resolve) => setTimeout(resolve, 300 + rng.next() * 1200));
    beforeKill(kill);
    await server.kill();
    await server.start();
  }
  // A last stretch of load after the final restart, then the clients finish what they started.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  stopped = true;
  await Promise.all(clients);

  const acknowledged = await checkAcknowledged(sessions, ledger);
  await server.stop();
  const database = await query();
  const consistency = await checkConsistency(database.query).finally(() => database.close());
  const figures = {
    seed: SEED,
    kills: KILLS,
    restarts: server.starts - 1,
    writesAcknowledged: ledger.acknowledged,
    writesWithLostAnswers: ledger.unknown,
    acknowledgedRecordsChecked: acknowledged.checked,
    lost: acknowledged.problems.length,
    ...consistency.counts,
  };
  console.log(`crash durability: ${JSON.stringify(figures)}`);
  expect(ledger.refused, 'answers that were not 2xx').toEqual([]);
  expect(acknowledged.problems, 'acknowledged writes missing or changed').toEqual([]);
  expect(consistency.problems, 'half-written data').toEqual([]);
  expect(server.starts).toBe(KILLS + 1);
  expect(ledger.acknowledged).toBeGreaterThan(KILLS * 10);
  expect(ledger.tasks.size).toBeGreaterThan(0);
  expect(ledger.comments.length).toBeGreaterThan(0);
}

/**
 * On the embedded server a SIGKILL of the app leaves its PostgreSQL running. Its watchdog then
 * shuts it down (fast: committed work stays); every other kill takes the watchdog down first, so
 * the next start finds the old server still running on the cluster and must stop it itself.
 */
describe('crash durability on the embedded PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const killWatchdog = () => {
    const pid = fs.readFileSync(path.join(clusterDirOf(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]!;
    spawnSync('pkill', ['-KILL', '-f', `tasklane-watchdog ${pid}$`]);
  };

  it(`keeps every acknowledged write through ${KILLS} SIGKILLs`, async () => {
    const server = new ServerProcess(await freePort(), { DATA_DIR: dataDir });
    try {
      await crashRun(
        server,
        async () => {
          const embedded = await startEmbeddedPostgres({ dataDir });
          const client = connectPostgres(embedded.urlFor(EMBEDDED_DATABASE), { max: 1 });
          return {
            query: (text) => client.unsafe(text) as Promise<Array<Record<string, unknown>>>,
            close: async () => {
              await client.end();
              await embedded.stop();
            },
          };
        },
        (kill) => {
          if (kill % 2 === 1) killWatchdog();
        },
      );
    } finally {
      await server.kill();
      await stopOrphan(dataDir);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('crash durability on PostgreSQL', () => {
  // Read when the suite is collected, which happens even when it is skipped.
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://localhost/unset';
  const name = `tasklane_crash_${randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = connectPostgres(adminUrl, { max: 1 });
  afterAll(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it(`keeps every acknowledged write through ${KILLS} SIGKILLs`, async () => {
    await admin.unsafe(`create database ${name}`);
    const server = new ServerProcess(await freePort(), { DATABASE_URL: url });
    try {
      await crashRun(server, async () => {
        const client = connectPostgres(url, { max: 1 });
        return { query: (text) => client.unsafe(text) as Promise<Array<Record<string, unknown>>>, close: () => client.end() };
      });
    } finally {
      await server.kill();
    }
  });
});
