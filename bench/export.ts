// `npm run bench:export`: does a project export (decision 041) stream with flat memory? Seeds the
// bench's data set (the embedded PostgreSQL, as the default install runs), grows its big project
// to each of --sizes tasks in turn (10,000 then 50,000 by default; each new task a copy of one of
// the project's, with that task's comments and history), and for each size starts the production
// server and downloads the project as JSON and as CSV --rounds times each while reading the
// server's resident memory every 10 ms; then again with the server's heap capped below the size
// of the largest JSON (a server that buffered the document could not answer it). The baseline is
// the same process's memory just before, after the same warm-up requests.
//
//   npm run bench:export                    quick data set, 10,000 then 50,000 tasks
//   npm run bench:export -- --full          issue 8's data set
//   npm run bench:export -- --sizes=20000 --rounds=1 --no-write
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { EMBEDDED_DATABASE } from '../apps/server/src/db/client.js';
import { connectPostgres } from '../apps/server/src/db/connect.js';
import { startEmbeddedPostgres, stopOrphan } from '../apps/server/src/db/embedded.js';
import { rssMb } from './lib/proc.js';
import { benchRoot, dataRoot, log, machineLoad, repoRoot, round, sleep } from './lib/util.js';
import { startAppServer } from './load/processes.js';
import type { Fixtures } from './seed/generate.js';
import { scales } from './seed/scale.js';
import { seedEmbedded } from './seed/seed.js';

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const scale = scales[process.argv.includes('--full') ? 'full' : 'quick'];
const sizes = (argument('sizes') ?? '10000,50000').split(',').map(Number).sort((a, b) => a - b);
/** Below the 50,000-task JSON's size (about 95 MB): an export that buffered its document could not fit. */
const HEAP_CAP = '--max-old-space-size=96';
const rounds = Number(argument('rounds') ?? 2);
const shouldWrite = !process.argv.includes('--no-write');

/** Adds copies of the project's tasks (new numbers, same feature and fields) with their comments and history, up to `target` tasks. */
async function growProject(runDir: string, projectId: string, target: number) {
  const server = await startEmbeddedPostgres({ dataDir: runDir, durable: false });
  const client = connectPostgres(server.urlFor(EMBEDDED_DATABASE), { max: 1 });
  try {
    const [sizes] = await client<{ count: number; last: number }[]>`
      select count(*)::int as count, coalesce(max(number), 0)::int as last from tasks where project_id = ${projectId}`;
    const { count, last } = sizes!;
    const add = target - count;
    if (add <= 0) return { tasks: count, comments: 0, history: 0 };
    // Source task k (1-based, by number) is copied as numbers last + k, last + k + count, ...
    await client.unsafe(
      `create temporary table grow_source as
         select id, row_number() over (order by number) as k from tasks where project_id = $1::uuid`,
      [projectId],
    );
    await client.unsafe(
      `insert into tasks (project_id, feature_id, number, title, description, status, priority, assignee_id, due_date,
          category_id, estimated_hours, actual_hours, tags, blocked_reason, board_rank, created_by, created_at, updated_at)
       select t.project_id, t.feature_id, $2::int + g, t.title, t.description, t.status, t.priority, t.assignee_id, t.due_date,
          t.category_id, t.estimated_hours, t.actual_hours, t.tags, t.blocked_reason, t.board_rank || lpad(g::text, 7, '0'),
          t.created_by, t.created_at, t.updated_at
       from generate_series(1, $3::int) g
       join grow_source s on s.k = ((g - 1) % $4::int) + 1
       join tasks t on t.id = s.id
       where t.project_id = $1::uuid`,
      [projectId, last, add, count],
    );
    // Each new task gets its source task's comments and history.
    const copyRows = (table: string, columns: string[]) =>
      client.unsafe(
        `insert into ${table} (task_id, ${columns.join(', ')})
         select n.id, ${columns.map((column) => `o.${column}`).join(', ')}
         from tasks n
         join grow_source s on s.k = ((n.number - $2::int - 1) % $3::int) + 1
         join ${table} o on o.task_id = s.id
         where n.project_id = $1::uuid and n.number > $2::int`,
        [projectId, last, count],
      );
    const comments = await copyRows('task_comments', ['user_id', 'comment', 'created_at', 'edited_at']);
    const history = await copyRows('task_history', ['user_id', 'action', 'details', 'created_at']);
    await client.unsafe('update projects set last_task_number = (select max(number) from tasks where project_id = $1::uuid) where id = $1::uuid', [projectId]);
    await client.unsafe('ANALYZE');
    return { tasks: target, comments: comments.count, history: history.count };
  } finally {
    await client.end({ timeout: 5 });
    await server.stop();
  }
}

async function signIn(url: string, fixtures: Fixtures): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: fixtures.heavy.email, password: fixtures.password }),
  });
  if (!response.ok) throw new Error(`the heavy user could not sign in: ${response.status} ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

type Download = { format: string; seconds: number; megabytes: number; peakRssMb: number; deltaMb: number };

/** Downloads `url` to nowhere (as a browser saving a file would not hold it), reading the server's RSS every 10 ms. */
async function download(url: string, cookie: string, pid: number, baseline: number, format: string): Promise<Download> {
  let peak = rssMb(pid) ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), 10);
  const started = performance.now();
  let bytes = 0;
  try {
    // Uncompressed, so the figure is the export's own (the server compresses for a browser that asks).
    const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
    if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb(pid) ?? 0);
  return { format, seconds: round((performance.now() - started) / 1000, 2), megabytes: round(bytes / 1e6, 1), peakRssMb: peak, deltaMb: round(peak - baseline, 1) };
}

type Run = { tasks: number; nodeOptions: string | null; baselineRssMb: number; afterRssMb: number; maxDeltaMb: number; downloads: Download[] };

/** Starts the production server on the grown data set, warms it, and downloads the big project --rounds times in each format. */
async function measureRun(fixtures: Fixtures, tasks: number, nodeOptions: string | undefined): Promise<Run> {
  const server = await startAppServer({ dataDir: runDir }, { nodeOptions });
  const pid = server.process.pid!;
  try {
    const cookie = await signIn(server.url, fixtures);
    const projectId = fixtures.bigProject.id;
    // The same warm-up before every baseline: the project's page, then a first small export.
    for (let index = 0; index < 20; index++) await (await fetch(`${server.url}/api/v1/projects/${projectId}`, { headers: { cookie } })).arrayBuffer();
    await sleep(3_000);
    const baseline = rssMb(pid)!;
    const label = `${tasks} tasks${nodeOptions ? ` (${nodeOptions})` : ''}`;
    log(`${label}: server RSS before the exports: ${baseline} MB`);
    const downloads: Download[] = [];
    for (let index = 0; index < rounds; index++) {
      for (const format of ['json', 'csv']) {
        const result = await download(`${server.url}/api/v1/projects/${projectId}/export?format=${format}`, cookie, pid, baseline, format);
        downloads.push(result);
        log(`${label}: ${format}: ${result.megabytes} MB in ${result.seconds} s; server RSS peak ${result.peakRssMb} MB (+${result.deltaMb} MB over the baseline)`);
      }
    }
    if (server.process.exitCode !== null) throw new Error(`the server exited during the exports (${label})`);
    const after = rssMb(pid)!;
    return { tasks, nodeOptions: nodeOptions ?? null, baselineRssMb: baseline, afterRssMb: after, maxDeltaMb: Math.max(...downloads.map((entry) => entry.deltaMb)), downloads };
  } finally {
    await server.stop();
    await stopOrphan(runDir);
  }
}

const runDir = path.join(dataRoot, 'run-export');
fs.mkdirSync(dataRoot, { recursive: true });
log('building the production server (scripts/build.mjs)');
const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the build failed');
const seeded = await seedEmbedded(scale, runDir);
log(`data set (${scale.name}) ready in ${seeded.seconds.toFixed(0)} s`);

const runs: Run[] = [];
for (const size of sizes) {
  const grown = await growProject(runDir, seeded.fixtures.bigProject.id, size);
  log(`big project: ${grown.tasks} tasks (added ${grown.comments} comments and ${grown.history} history entries)`);
  runs.push(await measureRun(seeded.fixtures, grown.tasks, undefined));
  // The same with the server's heap capped below the JSON's size: a buffered export could not fit.
  runs.push(await measureRun(seeded.fixtures, grown.tasks, HEAP_CAP));
}

if (shouldWrite) {
  const date = new Date().toISOString();
  const day = date.slice(0, 10);
  const file = path.join(benchRoot, 'results', `${day}-export`);
  fs.writeFileSync(`${file}.json`, `${JSON.stringify({ date, scale: scale.name, rounds, machine: machineLoad(), runs }, null, 2)}\n`);
  const rows = runs.flatMap((run) =>
    run.downloads.map(
      (entry) =>
        `| ${run.tasks} | ${run.nodeOptions ?? 'default'} | ${entry.format} | ${entry.megabytes} | ${entry.seconds} | ${run.baselineRssMb} | ${entry.peakRssMb} | +${entry.deltaMb} |`,
    ),
  );
  fs.writeFileSync(
    `${file}.md`,
    [
      `# Project export, ${day} (${scale.name} data set; the big project grown to ${sizes.join(' then ')} tasks)`,
      '',
      'Each run is a fresh production server on the embedded PostgreSQL; the baseline is its RSS after the same warm-up.',
      '',
      '| tasks | node options | format | MB written | seconds | baseline RSS (MB) | peak RSS (MB) | over the baseline (MB) |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
  log(`written ${path.relative(repoRoot, file)}.json and .md`);
}
