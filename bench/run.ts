// `npm run bench`: seeds the large data set, checks every list query's plan, loads the
// production server with autocannon on PGlite and on PostgreSQL, soaks it for memory, runs
// Lighthouse and the long-list interaction check, and writes bench/results and docs/benchmarks.md.
//
//   npm run bench                      the whole run (about 30 minutes on 2 cores)
//   npm run bench -- --quick           small data set, short runs, short soak (a few minutes)
//   npm run bench -- --no-soak --no-web --duration=5 --backend=pglite
//
// PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a database on a server where the
// user may create databases; the bench creates tasklane_bench_<pid> there and drops it after.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { explainLists, type ExplainReport } from './explain.js';
import { dataRoot, log, machineLoad, repoRoot, round, rssMb, sleep } from './lib/util.js';
import { runAutocannon, startAppServer, startRawServer, type LoadResult, type Running } from './load/processes.js';
import { requestFor, scenarios, soakRequests } from './load/scenarios.js';
import { writeResults, type BackendResult, type ScenarioResult, type SoakResult } from './results.js';
import type { Fixtures } from './seed/generate.js';
import { scales } from './seed/scale.js';
import { dropPostgres, seedPglite, seedPostgres, type SeedReport } from './seed/seed.js';
import { runWebChecks, type WebResult } from './web/web.js';

type Options = {
  quick: boolean;
  duration: number;
  warmup: number;
  soakMinutes: number;
  backends: Array<'pglite' | 'postgres'>;
  web: boolean;
  connections: number[];
};

function parseOptions(argv: string[]): Options {
  const flag = (name: string) => argv.includes(`--${name}`);
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const quick = flag('quick');
  const backend = value('backend') ?? 'both';
  return {
    quick,
    duration: Number(value('duration') ?? (quick ? 3 : 10)),
    warmup: quick ? 1 : 3,
    soakMinutes: flag('no-soak') ? 0 : Number(value('soak-minutes') ?? (quick ? 0.5 : 10)),
    backends: backend === 'both' ? ['postgres', 'pglite'] : [backend as 'pglite' | 'postgres'],
    web: !flag('no-web'),
    connections: [1, 50],
  };
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

function summary(result: LoadResult) {
  return {
    requestsPerSecond: round(result.requestsPerSecond, 1),
    p50: result.latencyP50,
    p99: result.latencyP99,
    errors: result.errors,
    statusCodes: result.statusCodes,
  };
}

async function measure(options: Options, url: string, requests: unknown[], connections: number) {
  await runAutocannon({ url, connections: Math.min(connections, 10), duration: options.warmup, requests });
  return runAutocannon({ url, connections, duration: options.duration, requests });
}

async function loadBackend(options: Options, server: Running, raw: Running, fixtures: Fixtures) {
  const cookie = await signIn(server.url, fixtures);
  const baseline: Record<string, ReturnType<typeof summary>> = {};
  for (const connections of options.connections) {
    baseline[connections] = summary(await measure(options, raw.url, [{ method: 'GET', path: '/' }], connections));
    log(`raw node:http at ${connections}: ${baseline[connections]!.requestsPerSecond} req/s`);
  }
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios(fixtures)) {
    const runs: ScenarioResult['runs'] = {};
    for (const connections of options.connections) {
      if (server.process.exitCode !== null || server.process.signalCode !== null) throw new Error('the server has exited (see its last words above)');
      const load = machineLoad().loadavg1;
      const result = summary(await measure(options, server.url, [requestFor(scenario, cookie)], connections));
      runs[connections] = { ...result, ratioToRaw: round(result.requestsPerSecond / baseline[connections]!.requestsPerSecond, 4), loadavg1: load };
      log(`${scenario.title} at ${connections}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`);
    }
    results.push({ id: scenario.id, title: scenario.title, kind: scenario.kind, note: scenario.note, runs });
  }
  return { baseline, results, cookie };
}

async function soak(options: Options, server: Running, fixtures: Fixtures, cookie: string): Promise<SoakResult> {
  const pid = server.process.pid!;
  const startRss = rssMb(pid)!;
  const samples: Array<{ second: number; rssMb: number }> = [{ second: 0, rssMb: startRss }];
  const seconds = Math.round(options.soakMinutes * 60);
  log(`soak: ${options.soakMinutes} min of mixed load at 10 connections (RSS at start ${startRss} MB)`);
  const started = Date.now();
  const sampler = setInterval(() => {
    const rss = rssMb(pid);
    if (rss !== undefined) samples.push({ second: Math.round((Date.now() - started) / 1000), rssMb: rss });
  }, 10_000);
  const result = await runAutocannon({ url: server.url, connections: 10, duration: seconds, requests: soakRequests(fixtures, cookie) });
  clearInterval(sampler);
  await sleep(1000);
  const endRss = rssMb(pid)!;
  samples.push({ second: seconds, rssMb: endRss });
  const growth = round((endRss - startRss) / startRss, 4);
  log(`soak done: RSS ${startRss} -> ${endRss} MB (${(growth * 100).toFixed(1)}%), ${round(result.requestsPerSecond, 1)} req/s, errors ${result.errors}`);
  return {
    minutes: options.soakMinutes,
    connections: 10,
    startRssMb: startRss,
    endRssMb: endRss,
    maxRssMb: Math.max(...samples.map((sample) => sample.rssMb)),
    growth,
    requestsPerSecond: round(result.requestsPerSecond, 1),
    p99: result.latencyP99,
    errors: result.errors,
    samples,
  };
}

async function runBackend(options: Options, backend: 'pglite' | 'postgres', raw: Running, adminUrl: string | undefined) {
  const scale = scales[options.quick ? 'quick' : 'full'];
  const database = `tasklane_bench_${process.pid}`;
  const runDir = path.join(dataRoot, 'run-pglite');
  const seeded: SeedReport & { url?: string } = backend === 'pglite' ? await seedPglite(scale, runDir) : await seedPostgres(scale, adminUrl!, database);
  log(`${backend}: data set ready in ${seeded.seconds.toFixed(0)} s${seeded.fromCache ? ' (from the cache)' : ''}`);
  const target = backend === 'pglite' ? { kind: 'pglite' as const, dataDir: runDir } : { kind: 'postgres' as const, url: seeded.url! };
  let explain: ExplainReport;
  let server: Running | undefined;
  let web: WebResult | undefined;
  try {
    explain = await explainLists(target, seeded.fixtures);
    log(`${backend}: EXPLAIN of ${explain.requests.length} lists: ${explain.ok ? 'every one uses indexes' : 'SEQUENTIAL SCANS FOUND'}`);
    server = await startAppServer(backend === 'pglite' ? { dataDir: runDir } : { databaseUrl: target.kind === 'postgres' ? target.url : '' });
    const startRss = rssMb(server.process.pid!);
    const load = await loadBackend(options, server, raw, seeded.fixtures);
    const afterLoadRss = rssMb(server.process.pid!);
    log(`${backend}: RSS ${startRss} MB at start, ${afterLoadRss} MB after the load`);
    const soakResult = backend === 'pglite' && options.soakMinutes > 0 ? await soak(options, server, seeded.fixtures, load.cookie) : undefined;
    if (backend === 'pglite' && options.web) web = await runWebChecks(server.url, seeded.fixtures);
    const result: BackendResult = {
      backend,
      scale: scale.name,
      counts: seeded.fixtures.counts,
      seed: { seconds: round(seeded.seconds, 1), fromCache: seeded.fromCache, fingerprint: seeded.fingerprint },
      durationSeconds: options.duration,
      connections: options.connections,
      baseline: load.baseline,
      scenarios: load.results,
      memory: { startRssMb: startRss, afterLoadRssMb: afterLoadRss, soak: soakResult },
      explain,
    };
    return { result, web };
  } finally {
    await server?.stop();
    if (backend === 'postgres') await dropPostgres(adminUrl!, database);
  }
}

function latestPostgresResult(): (BackendResult & { startedAt: string }) | undefined {
  const dir = path.join(repoRoot, 'bench/results');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => /^\d{4}-\d{2}-\d{2}-postgres\.json$/.test(name)).sort() : [];
  const latest = files.at(-1);
  return latest ? (JSON.parse(fs.readFileSync(path.join(dir, latest), 'utf8')) as BackendResult & { startedAt: string }) : undefined;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  log(`machine: ${os.cpus().length} cores, load ${JSON.stringify(machineLoad())}`);
  log('building the production server and web app (scripts/build.mjs)');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  let backends = options.backends;
  let skippedPostgres: string | undefined;
  if (!adminUrl && backends.includes('postgres')) {
    backends = backends.filter((backend) => backend !== 'postgres');
    skippedPostgres =
      'PostgreSQL half SKIPPED: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set. Run it with ' +
      'BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres npm run bench (the user must be allowed to create databases).';
    log(skippedPostgres);
  }

  const raw = await startRawServer();
  const results: BackendResult[] = [];
  const failures: string[] = [];
  let web: WebResult | undefined;
  try {
    for (const backend of backends) {
      try {
        const ran = await runBackend(options, backend, raw, adminUrl);
        results.push({ ...ran.result, machine: machineLoad() });
        web ??= ran.web;
      } catch (error) {
        // The other backend's results are still worth writing; the run fails at the end.
        failures.push(`${backend}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        log(`${backend} FAILED: ${failures.at(-1)}`);
      }
    }
  } finally {
    await raw.stop();
  }
  // A PGlite-only run (--backend=pglite) is compared with the last full PostgreSQL run on record.
  const reused = !options.quick && !results.some((result) => result.backend === 'postgres') ? latestPostgresResult() : undefined;
  if (reused) log(`comparing with the PostgreSQL results of ${reused.startedAt} (bench/results)`);
  const written = writeResults({
    startedAt,
    finishedAt: new Date(),
    quick: options.quick,
    results,
    reusedPostgres: reused,
    web,
    skippedPostgres: reused ? undefined : skippedPostgres,
    machineAtStart: machineLoad(),
  });
  for (const file of written) log(`wrote ${path.relative(repoRoot, file)}`);
  if (skippedPostgres) log(skippedPostgres);
  if (failures.length > 0) throw new Error(`the bench failed on ${failures.length} backend(s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
