// `npm run bench`: seeds the large data set, checks every list query's plan, loads the
// production server with autocannon on the default install (the embedded PostgreSQL in DATA_DIR)
// and on an external PostgreSQL, measures CPU per request of the server and of the database,
// the install's memory and start times, soaks it for memory, runs Lighthouse and the long-list
// interaction check, and writes bench/results and docs/benchmarks.md.
//
//   npm run bench                      the whole run (about 30 minutes on 2 cores)
//   npm run bench -- --quick           small data set, short runs, short soak (a few minutes)
//   npm run bench -- --no-soak --no-web --duration=5 --backend=embedded
//   npm run bench -- --quick --docs    a quick run that also refreshes docs/benchmarks.md
//   npm run bench -- --processes=1     no WEB_CONCURRENCY comparison (default --processes=1,2)
//   npm run bench -- --only-web        the front end only: Lighthouse (median of --web-rounds=3) and
//                                      the long-list interactions on the default install, no load tests
//   npm run bench -- --quick --backend=embedded --no-soak --no-web --only=board,tasks-first
//                                      only the named scenarios (their ids in load/scenarios.ts)
//
// External PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a database on a server
// where the user may create databases; the bench creates tasklane_bench_<pid> there and drops it
// after. Its CPU is measured when it is a Debian cluster on this machine (pg_lsclusters).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopOrphan } from '../apps/server/src/db/embedded.js';
import { explainLists, type ExplainReport, type ExplainTarget } from './explain.js';
import {
  appProcesses,
  CLOCK_TICKS,
  cpuMsBetween,
  cpuMsByKind,
  cpuSnapshot,
  embeddedDatabase,
  externalDatabase,
  groupMemory,
  rssMb,
  singleProcess,
  type ProcessGroup,
} from './lib/proc.js';
import { soakFigures } from './lib/soak.js';
import { dataRoot, log, machineLoad, repoRoot, round, sleep } from './lib/util.js';
import { runAutocannon, startAppServer, startRawServer, type AppServer, type LoadResult, type Running } from './load/processes.js';
import { requestFor, scenarios, soakRequests } from './load/scenarios.js';
import {
  writeResults,
  type BackendResult,
  type Cpu,
  type HeadToHead,
  type Run,
  type InstallMemory,
  type ScenarioResult,
  type SoakResult,
  type StartTimes,
} from './results.js';
import type { Fixtures } from './seed/generate.js';
import { scales } from './seed/scale.js';
import { dropPostgres, seedEmbedded, seedPostgres, type SeedReport } from './seed/seed.js';
import { runWebChecks, type WebResult } from './web/web.js';

type Backend = 'embedded' | 'postgres';

type Options = {
  quick: boolean;
  duration: number;
  warmup: number;
  soakMinutes: number;
  backends: Backend[];
  web: boolean;
  /** The front end only (Lighthouse and the interactions): no load tests, soak or starts. */
  onlyWeb: boolean;
  /** Lighthouse runs per page; the page's median run is reported. */
  webRounds: number;
  connections: number[];
  /** Rounds of first start and restart on an empty DATA_DIR. */
  startRounds: number;
  /** Server processes (WEB_CONCURRENCY) to measure the main scenarios with; 1 is the main run. */
  processes: number[];
  docs: boolean;
  /** Scenario ids to measure (--only=a,b); every scenario when unset. */
  only: string[] | undefined;
  /**
   * Rounds of the head-to-head comparison when both backends run (--compare-rounds=N, 0 skips
   * it): both installs up at once, each CPU-target scenario measured on one then the other,
   * the order reversed every other round.
   */
  compareRounds: number;
};

/** How long the install is left alone before its idle memory (and CPU) is read. */
const SETTLE_MS = 5_000;
/**
 * Idle memory as issue 15 counts it: once what the start (or a load) left behind has gone. The
 * request pool closes a connection idle for 20 s (POOL_IDLE_TIMEOUT_SECONDS) and V8 shrinks the
 * young generation the start grew after some seconds without allocation (its memory reducer).
 */
const SETTLED_IDLE_MS = 35_000;

function parseOptions(argv: string[]): Options {
  const flag = (name: string) => argv.includes(`--${name}`);
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const quick = flag('quick');
  const backend = value('backend') ?? 'both';
  if (!['embedded', 'postgres', 'both'].includes(backend)) throw new Error(`--backend=${backend}: use embedded, postgres or both`);
  return {
    quick,
    duration: Number(value('duration') ?? (quick ? 3 : 10)),
    warmup: quick ? 1 : 3,
    soakMinutes: flag('no-soak') ? 0 : Number(value('soak-minutes') ?? (quick ? 0.5 : 10)),
    backends: backend === 'both' ? ['postgres', 'embedded'] : [backend as Backend],
    web: !flag('no-web'),
    onlyWeb: flag('only-web'),
    // One Lighthouse round moves by 10–20 points with the machine's load: a full run takes the median of three.
    webRounds: Number(value('web-rounds') ?? (flag('only-web') || !quick ? 3 : 1)),
    connections: [1, 50],
    startRounds: Number(value('start-rounds') ?? (quick ? 1 : 3)),
    processes: parseProcesses(value('processes') ?? '1,2'),
    docs: flag('docs'),
    only: value('only')?.split(',').filter(Boolean),
    compareRounds: parseRounds(value('compare-rounds') ?? '2'),
  };
}

function parseRounds(text: string): number {
  const rounds = Number(text);
  if (!Number.isInteger(rounds) || rounds < 0 || rounds > 20) throw new Error(`--compare-rounds=${text}: a whole number 0..20 (0 skips the head to head)`);
  return rounds;
}

function parseProcesses(text: string): number[] {
  const counts = [...new Set(text.split(',').map((item) => Number(item.trim())))].sort((a, b) => a - b);
  if (counts.some((count) => !Number.isInteger(count) || count < 1 || count > 64)) throw new Error(`--processes=${text}: a list of whole numbers 1..64, such as 1,2`);
  return counts.includes(1) ? counts : [1, ...counts];
}

/** The scenarios measured again at each other WEB_CONCURRENCY: health and those with an issue 15 CPU target. */
const isProcessScenario = (scenario: { id: string; cpuTarget?: unknown }) => scenario.id === 'health' || scenario.cpuTarget !== undefined;

/** What one backend's CPU and memory figures count: the app's process, and the database's processes when known. */
type Meters = { server: ProcessGroup; database: ProcessGroup | undefined; databaseUnknown?: string };

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

const perRequest = (ms: number | undefined, requests: number) => (ms === undefined || requests === 0 ? null : round(ms / requests, 3));

/**
 * Waits (a minute at most) until the server and the database are idle. A run at 50 connections
 * of a heavy request (every assigned task, 400 ms each) leaves the server answering requests the
 * load tool has already given up on; that work used to land in the next run's figures (the /tasks
 * screen's first page measured 2 req/s with a p99 of 8 s right after it).
 */
async function untilQuiet(meters: Meters) {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const before = { server: cpuSnapshot(meters.server), database: cpuSnapshot(meters.database) };
    await sleep(250);
    const busyMs = (cpuMsBetween(before.server, cpuSnapshot(meters.server)) ?? 0) + (cpuMsBetween(before.database, cpuSnapshot(meters.database)) ?? 0);
    // Under a tenth of a core: timers and PostgreSQL's background work, nothing queued.
    if (busyMs < 25) return;
  }
}

/**
 * Once the install is idle, a warm-up, then the measured run, with the CPU time of the server's
 * and the database's processes read just before and just after it: CPU per request of each.
 */
async function measure(options: Options, url: string, requests: unknown[], connections: number, meters: Meters) {
  await untilQuiet(meters);
  await runAutocannon({ url, connections: Math.min(connections, 10), duration: options.warmup, requests });
  const before = { server: cpuSnapshot(meters.server), database: cpuSnapshot(meters.database, true) };
  const result = await runAutocannon({ url, connections, duration: options.duration, requests });
  const after = { server: cpuSnapshot(meters.server), database: cpuSnapshot(meters.database, true) };
  const count = result.requestsTotal;
  const serverMs = perRequest(cpuMsBetween(before.server, after.server), count);
  const databaseMs = perRequest(cpuMsBetween(before.database, after.database), count);
  const kinds = cpuMsByKind(before.database, after.database);
  const databaseKinds = kinds && count > 0 ? Object.fromEntries(Object.entries(kinds).map(([kind, ms]) => [kind, round(ms / count, 3)])) : undefined;
  const cpu: Cpu | undefined =
    serverMs === null
      ? undefined
      : { serverMs, databaseMs, totalMs: databaseMs === null ? null : round(serverMs + databaseMs, 3), requests: count, ...(databaseKinds ? { databaseKinds } : {}) };
  return { result, cpu };
}

/**
 * CPU the install spends doing nothing (timers, the outbox worker, PostgreSQL's background
 * processes), over the settling pause after a start: at 1 connection it is part of each
 * request's figure, in proportion to how few requests a second there are.
 */
async function measureIdleCpu(meters: Meters): Promise<NonNullable<BackendResult['idleCpu']>> {
  const before = { server: cpuSnapshot(meters.server), database: cpuSnapshot(meters.database) };
  const started = performance.now();
  await sleep(SETTLE_MS);
  const seconds = (performance.now() - started) / 1000;
  const rate = (ms: number | undefined) => (ms === undefined ? null : round(ms / seconds, 1));
  return {
    seconds: round(seconds, 1),
    serverMsPerSecond: rate(cpuMsBetween(before.server, cpuSnapshot(meters.server))),
    databaseMsPerSecond: rate(cpuMsBetween(before.database, cpuSnapshot(meters.database))),
  };
}

function installMemory(meters: Meters): InstallMemory {
  const app = groupMemory(meters.server);
  const database = groupMemory(meters.database);
  return {
    appMb: app?.rssMb ?? null,
    databaseMb: database?.rssMb ?? null,
    totalMb: app && database ? round(app.rssMb + database.rssMb, 1) : null,
    databasePssMb: database?.pssMb ?? null,
    databaseProcesses: database?.processes ?? 0,
  };
}

async function loadBackend(options: Options, server: Running, raw: Running, fixtures: Fixtures, meters: Meters) {
  const cookie = await signIn(server.url, fixtures);
  const rawMeters: Meters = { server: singleProcess('raw node:http', raw.process.pid!), database: undefined };
  const baseline: BackendResult['baseline'] = {};
  for (const connections of options.connections) {
    const { result, cpu } = await measure(options, raw.url, [{ method: 'GET', path: '/' }], connections, rawMeters);
    baseline[connections] = { ...summary(result), ...(cpu ? { cpu: { serverMs: cpu.serverMs, requests: cpu.requests } } : {}) };
    log(`raw node:http at ${connections}: ${baseline[connections]!.requestsPerSecond} req/s, ${cpu?.serverMs ?? '?'} ms CPU a request`);
  }
  const results: ScenarioResult[] = [];
  const chosen = scenarios(fixtures).filter((scenario) => !options.only || options.only.includes(scenario.id));
  if (options.only && chosen.length !== options.only.length) throw new Error(`--only=${options.only.join(',')}: unknown scenario id`);
  for (const scenario of chosen) {
    const runs: ScenarioResult['runs'] = {};
    for (const connections of options.connections) {
      if (server.process.exitCode !== null || server.process.signalCode !== null) throw new Error('the server has exited (see its last words above)');
      const load = machineLoad().loadavg1;
      const measured = await measure(options, server.url, [requestFor(scenario, cookie)], connections, meters);
      const result = summary(measured.result);
      runs[connections] = {
        ...result,
        ratioToRaw: round(result.requestsPerSecond / baseline[connections]!.requestsPerSecond, 4),
        loadavg1: load,
        ...(measured.cpu ? { cpu: measured.cpu } : {}),
      };
      const cpu = measured.cpu ? `, CPU ms/req server ${measured.cpu.serverMs} + database ${measured.cpu.databaseMs ?? '?'}` : '';
      log(`${scenario.title} at ${connections}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}${cpu}`);
    }
    results.push({
      id: scenario.id,
      title: scenario.title,
      kind: scenario.kind,
      ...(scenario.note ? { note: scenario.note } : {}),
      ...(scenario.cpuTarget ? { cpuTarget: scenario.cpuTarget } : {}),
      runs,
    });
  }
  return { baseline, results, cookie };
}

async function soak(options: Options, server: Running, fixtures: Fixtures, cookie: string, meters: Meters): Promise<SoakResult> {
  const pid = server.process.pid!;
  const total = () => installMemory(meters).totalMb;
  const startRss = rssMb(pid)!;
  const startTotal = total();
  const samples: SoakResult['samples'] = [{ second: 0, rssMb: startRss, totalMb: startTotal }];
  const seconds = Math.round(options.soakMinutes * 60);
  log(`soak: ${options.soakMinutes} min of mixed load at 10 connections (server RSS at start ${startRss} MB, with the database ${startTotal ?? '?'} MB)`);
  const started = Date.now();
  const sampler = setInterval(() => {
    const rss = rssMb(pid);
    if (rss !== undefined) samples.push({ second: Math.round((Date.now() - started) / 1000), rssMb: rss, totalMb: total() });
  }, 10_000);
  const result = await runAutocannon({ url: server.url, connections: 10, duration: seconds, requests: soakRequests(fixtures, cookie) });
  clearInterval(sampler);
  await sleep(1000);
  const endRss = rssMb(pid)!;
  const endTotal = total();
  samples.push({ second: seconds, rssMb: endRss, totalMb: endTotal });
  const soaked = soakFigures(samples, seconds);
  log(
    `soak done: server RSS ${startRss} -> ${endRss} MB, median ${soaked.firstRssMb} MB over its first ${soaked.windowSeconds} s and ${soaked.lastRssMb} MB over its last (${(soaked.growth * 100).toFixed(1)}%), ` +
      `with the database ${startTotal ?? '?'} -> ${endTotal ?? '?'} MB, ${round(result.requestsPerSecond, 1)} req/s, errors ${result.errors}`,
  );
  return {
    minutes: options.soakMinutes,
    connections: 10,
    startRssMb: startRss,
    endRssMb: endRss,
    startTotalMb: startTotal,
    endTotalMb: endTotal,
    ...soaked,
    requestsPerSecond: round(result.requestsPerSecond, 1),
    p99: result.latencyP99,
    errors: result.errors,
    samples,
  };
}

/**
 * Issue 15 §5: the default install's first start on an empty DATA_DIR (the cluster is created
 * and migrated) and its restart after a clean stop, spawn to health 200, as `npm start` runs.
 */
async function measureStarts(rounds: number): Promise<StartTimes> {
  const times: StartTimes = { firstStartSeconds: [], restartSeconds: [] };
  for (let round_ = 0; round_ < rounds; round_ += 1) {
    const dataDir = fs.mkdtempSync(path.join(dataRoot, 'start-'));
    try {
      const first = await startAppServer({ dataDir });
      times.firstStartSeconds.push(round(first.startSeconds, 2));
      if (round_ === 0) {
        await sleep(SETTLE_MS);
        times.emptyIdle = installMemory({ server: singleProcess('app', first.process.pid!), database: embeddedDatabase(dataDir) });
      }
      await first.stop();
      const again = await startAppServer({ dataDir });
      times.restartSeconds.push(round(again.startSeconds, 2));
      await again.stop();
      log(`start on an empty DATA_DIR: ${times.firstStartSeconds.at(-1)} s; restart: ${times.restartSeconds.at(-1)} s`);
    } finally {
      await stopOrphan(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return times;
}

/**
 * Issue 15 §3: the main scenarios again with WEB_CONCURRENCY=N, on the same data (the 1-process
 * figures are the main run's). The app's CPU is the primary's plus every server process's.
 */
async function measureProcesses(
  options: Options,
  target: ExplainTarget,
  database: string,
  fixtures: Fixtures,
  cookie: string,
): Promise<NonNullable<BackendResult['processRuns']>> {
  const runs: NonNullable<BackendResult['processRuns']> = [];
  for (const processes of options.processes.filter((count) => count > 1)) {
    const server = await startAppServer(target.kind === 'embedded' ? { dataDir: target.dataDir } : { databaseUrl: target.url }, { processes });
    try {
      const meters = metersFor(server, target, database);
      const scenarioRuns: NonNullable<BackendResult['processRuns']>[number]['scenarios'] = [];
      for (const scenario of scenarios(fixtures).filter(isProcessScenario)) {
        const byConnections: Record<number, Run> = {};
        for (const connections of options.connections) {
          if (server.process.exitCode !== null) throw new Error('the server has exited (see its last words above)');
          const load = machineLoad().loadavg1;
          const measured = await measure(options, server.url, [requestFor(scenario, cookie)], connections, meters);
          const result = summary(measured.result);
          byConnections[connections] = { ...result, ratioToRaw: 0, loadavg1: load, ...(measured.cpu ? { cpu: measured.cpu } : {}) };
          const cpu = measured.cpu ? `, CPU ms/req server ${measured.cpu.serverMs} + database ${measured.cpu.databaseMs ?? '?'}` : '';
          log(`${processes} processes: ${scenario.title} at ${connections}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, errors ${result.errors}${cpu}`);
        }
        scenarioRuns.push({ id: scenario.id, title: scenario.title, runs: byConnections });
      }
      runs.push({ processes, scenarios: scenarioRuns, afterLoad: installMemory(meters) });
    } finally {
      await server.stop();
    }
  }
  return runs;
}

function metersFor(server: AppServer, target: ExplainTarget, database: string): Meters {
  const app = appProcesses(server.process.pid!);
  if (target.kind === 'embedded') return { server: app, database: embeddedDatabase(target.dataDir) };
  const external = externalDatabase(target.url, database);
  return 'unknown' in external ? { server: app, database: undefined, databaseUnknown: external.unknown } : { server: app, database: external };
}

/** A backend's seeded data, kept after its run for the head-to-head comparison. */
type Side = { backend: Backend; target: ExplainTarget; fixtures: Fixtures; database: string };

async function runBackend(options: Options, backend: Backend, raw: Running, adminUrl: string | undefined, keepDatabase: boolean) {
  const scale = scales[options.quick ? 'quick' : 'full'];
  const database = `tasklane_bench_${process.pid}`;
  const runDir = path.join(dataRoot, 'run-embedded');
  const seeded: SeedReport & { url?: string } = backend === 'embedded' ? await seedEmbedded(scale, runDir) : await seedPostgres(scale, adminUrl!, database);
  log(`${backend}: data set ready in ${seeded.seconds.toFixed(0)} s${seeded.fromCache ? ' (from the cache)' : ''}`);
  const target: ExplainTarget = backend === 'embedded' ? { kind: 'embedded', dataDir: runDir } : { kind: 'postgres', url: seeded.url! };
  let explain: ExplainReport;
  let server: AppServer | undefined;
  let web: WebResult | undefined;
  let kept = false;
  try {
    explain = await explainLists(target, seeded.fixtures);
    log(`${backend}: EXPLAIN of ${explain.requests.length} lists: ${explain.ok ? 'every one uses indexes' : "SEQUENTIAL SCANS FOUND or a feature's tasks counted per status"}`);
    for (const request of explain.requests.filter((request) => !request.ok)) log(`${backend}: EXPLAIN missed: ${request.name} (${request.path})`);
    // The default install: DATA_DIR and no DATABASE_URL, as `npm start` runs it.
    server = await startAppServer(target.kind === 'embedded' ? { dataDir: runDir } : { databaseUrl: target.url });
    const meters = metersFor(server, target, database);
    if (meters.databaseUnknown) log(`${backend}: the database's CPU and memory are unknown: ${meters.databaseUnknown}`);
    const idleCpu = await measureIdleCpu(meters);
    log(`${backend}: idle CPU: server ${idleCpu.serverMsPerSecond ?? '?'} ms a second, database ${idleCpu.databaseMsPerSecond ?? '?'} ms a second`);
    const startRss = rssMb(server.process.pid!);
    const afterStart = installMemory(meters);
    log(`${backend}: idle after start: app ${afterStart.appMb} MB + database ${afterStart.databaseMb ?? '?'} MB (${afterStart.databaseProcesses} processes)`);
    await sleep(SETTLED_IDLE_MS - SETTLE_MS);
    const settled = installMemory(meters);
    log(`${backend}: idle, settled (${SETTLED_IDLE_MS / 1000} s after start): app ${settled.appMb} MB + database ${settled.databaseMb ?? '?'} MB (${settled.databaseProcesses} processes)`);
    const load = await loadBackend(options, server, raw, seeded.fixtures, meters);
    const afterLoadRss = rssMb(server.process.pid!);
    const afterLoad = installMemory(meters);
    log(`${backend}: after the load: app ${afterLoad.appMb} MB + database ${afterLoad.databaseMb ?? '?'} MB`);
    let soakResult: SoakResult | undefined;
    let afterSoak: InstallMemory | undefined;
    if (backend === 'embedded' && options.soakMinutes > 0) {
      soakResult = await soak(options, server, seeded.fixtures, load.cookie, meters);
      await sleep(SETTLED_IDLE_MS);
      afterSoak = installMemory(meters);
      log(`${backend}: idle after the soak: app ${afterSoak.appMb} MB + database ${afterSoak.databaseMb ?? '?'} MB`);
    }
    if (backend === 'embedded' && options.web) web = await runWebChecks(server.url, seeded.fixtures, { rounds: options.webRounds });
    let processRuns: BackendResult['processRuns'];
    if (options.processes.length > 1) {
      await server.stop();
      server = undefined;
      processRuns = await measureProcesses(options, target, database, seeded.fixtures, load.cookie);
    }
    let starts: StartTimes | undefined;
    if (backend === 'embedded') {
      await server?.stop();
      server = await startAppServer({ dataDir: runDir });
      const seededRestart = round(server.startSeconds, 2);
      log(`${backend}: restart with the ${scale.name} data set: ${seededRestart} s`);
      await server.stop();
      server = undefined;
      starts = { ...(await measureStarts(options.startRounds)), seededRestartSeconds: seededRestart };
    }
    const result: BackendResult = {
      backend,
      scale: scale.name,
      counts: seeded.fixtures.counts,
      seed: { seconds: round(seeded.seconds, 1), fromCache: seeded.fromCache, fingerprint: seeded.fingerprint },
      durationSeconds: options.duration,
      connections: options.connections,
      baseline: load.baseline,
      processes: {
        clockTicks: CLOCK_TICKS,
        server: meters.server.describe,
        database: meters.database?.describe ?? null,
        ...(meters.databaseUnknown ? { databaseUnknown: meters.databaseUnknown } : {}),
      },
      idleCpu,
      scenarios: load.results,
      ...(processRuns ? { processRuns } : {}),
      memory: { startRssMb: startRss, afterLoadRssMb: afterLoadRss, soak: soakResult, install: { afterStart, settled, afterLoad, ...(afterSoak ? { afterSoak } : {}) } },
      ...(starts ? { starts } : {}),
      explain,
    };
    kept = keepDatabase;
    const side: Side = { backend, target, fixtures: seeded.fixtures, database };
    return { result, web, side };
  } finally {
    await server?.stop();
    if (backend === 'postgres' && !kept) await dropPostgres(adminUrl!, database);
  }
}

/**
 * Issue 15's "the default install at least as fast as an external PostgreSQL", measured fairly:
 * the two backends' main runs are minutes apart on a shared machine, so their ratio mixes in
 * the machine's drift. Here both installs run at once, on their data as their main runs left it,
 * and each scenario with a CPU target is measured on one and then the other, the order reversed
 * every other round (ABBA), at each connection count.
 */
async function compareBackends(options: Options, sides: Side[]): Promise<HeadToHead> {
  const running: Array<{ side: Side; server: AppServer; meters: Meters; cookie: string }> = [];
  try {
    for (const side of sides) {
      const server = await startAppServer(side.target.kind === 'embedded' ? { dataDir: side.target.dataDir } : { databaseUrl: side.target.url });
      running.push({ side, server, meters: metersFor(server, side.target, side.database), cookie: await signIn(server.url, side.fixtures) });
    }
    const rows: HeadToHead['scenarios'] = [];
    for (const { id, title } of scenarios(sides[0]!.fixtures).filter((scenario) => scenario.cpuTarget && (!options.only || options.only.includes(scenario.id)))) {
      const byConnections: HeadToHead['scenarios'][number]['runs'] = {};
      for (const connections of options.connections) {
        const runs: Record<Backend, Run[]> = { embedded: [], postgres: [] };
        for (let round_ = 0; round_ < options.compareRounds; round_ += 1) {
          for (const { side, server, meters, cookie } of round_ % 2 === 0 ? running : [...running].reverse()) {
            const scenario = scenarios(side.fixtures).find((item) => item.id === id)!;
            const load = machineLoad().loadavg1;
            const measured = await measure(options, server.url, [requestFor(scenario, cookie)], connections, meters);
            const result = summary(measured.result);
            runs[side.backend].push({ ...result, ratioToRaw: 0, loadavg1: load, ...(measured.cpu ? { cpu: measured.cpu } : {}) });
            log(`head to head, round ${round_ + 1}: ${side.backend}: ${title} at ${connections}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, CPU ms/req ${measured.cpu?.totalMs ?? measured.cpu?.serverMs ?? '?'}`);
          }
        }
        byConnections[connections] = runs;
      }
      rows.push({ id, title, runs: byConnections });
    }
    return { rounds: options.compareRounds, scenarios: rows };
  } finally {
    for (const { server } of running) await server.stop();
  }
}

function latestPostgresResult(): (BackendResult & { startedAt: string }) | undefined {
  const dir = path.join(repoRoot, 'bench/results');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => /^\d{4}-\d{2}-\d{2}-postgres\.json$/.test(name)).sort() : [];
  const latest = files.at(-1);
  return latest ? (JSON.parse(fs.readFileSync(path.join(dir, latest), 'utf8')) as BackendResult & { startedAt: string }) : undefined;
}

/** `--only-web`: the default install with the seeded data set, and the front end's checks alone. */
async function runWebOnly(options: Options, startedAt: Date, machineAtStart: ReturnType<typeof machineLoad>) {
  const scale = scales[options.quick ? 'quick' : 'full'];
  const runDir = path.join(dataRoot, 'run-embedded');
  const seeded = await seedEmbedded(scale, runDir);
  log(`embedded: data set ready in ${seeded.seconds.toFixed(0)} s${seeded.fromCache ? ' (from the cache)' : ''}`);
  const server = await startAppServer({ dataDir: runDir });
  let web: WebResult;
  try {
    web = await runWebChecks(server.url, seeded.fixtures, { rounds: options.webRounds });
  } finally {
    await server.stop();
    await stopOrphan(runDir);
  }
  const written = writeResults({
    startedAt,
    finishedAt: new Date(),
    quick: options.quick,
    // A front-end-only run never rewrites the server's figures in docs/benchmarks.md.
    docs: false,
    results: [],
    web,
    skippedPostgres: undefined,
    machineAtStart,
  });
  for (const file of written) log(`wrote ${path.relative(repoRoot, file)}`);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  // Read before the build and the seeding, which load the machine themselves.
  const machineAtStart = machineLoad();
  log(`machine: ${os.cpus().length} cores, load ${JSON.stringify(machineAtStart)}`);
  log('building the production server and web app (scripts/build.mjs)');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  if (options.onlyWeb) {
    await runWebOnly(options, startedAt, machineAtStart);
    return;
  }

  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  let backends = options.backends;
  let skippedPostgres: string | undefined;
  if (!adminUrl && backends.includes('postgres')) {
    backends = backends.filter((backend) => backend !== 'postgres');
    skippedPostgres =
      'External PostgreSQL SKIPPED: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set. Run it with ' +
      'BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres npm run bench (the user must be allowed to create databases).';
    log(skippedPostgres);
  }

  const raw = await startRawServer();
  const results: BackendResult[] = [];
  const compare = backends.length === 2 && options.compareRounds > 0;
  const sides: Side[] = [];
  const failures: string[] = [];
  let web: WebResult | undefined;
  try {
    for (const backend of backends) {
      try {
        const ran = await runBackend(options, backend, raw, adminUrl, compare);
        results.push({ ...ran.result, machine: machineLoad() });
        web ??= ran.web;
        sides.push(ran.side);
      } catch (error) {
        // The other backend's results are still worth writing; the run fails at the end.
        failures.push(`${backend}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        log(`${backend} FAILED: ${failures.at(-1)}`);
      }
    }
  } finally {
    await raw.stop();
  }
  const keptPostgres = sides.find((side) => side.backend === 'postgres');
  try {
    if (compare && sides.length === 2) {
      log(`head to head: both installs at once, ${options.compareRounds} rounds (ABBA)`);
      const embedded = results.find((result) => result.backend === 'embedded')!;
      // The default install first in the first round, the external server first in the second, and so on.
      const order = (['embedded', 'postgres'] as const).map((backend) => sides.find((side) => side.backend === backend)!);
      embedded.headToHead = await compareBackends(options, order);
    }
  } catch (error) {
    failures.push(`head to head: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    log(`head to head FAILED: ${failures.at(-1)}`);
  } finally {
    if (keptPostgres) await dropPostgres(adminUrl!, keptPostgres.database);
  }
  // A run of the default install alone (--backend=embedded) is compared with the last full external PostgreSQL run on record.
  const reused = !options.quick && !results.some((result) => result.backend === 'postgres') ? latestPostgresResult() : undefined;
  if (reused) log(`comparing with the PostgreSQL results of ${reused.startedAt} (bench/results)`);
  const written = writeResults({
    startedAt,
    finishedAt: new Date(),
    quick: options.quick,
    partial: options.only !== undefined || options.soakMinutes === 0 || !options.web,
    docs: options.docs,
    results,
    reusedPostgres: reused,
    web,
    skippedPostgres: reused ? undefined : skippedPostgres,
    machineAtStart,
  });
  for (const file of written) log(`wrote ${path.relative(repoRoot, file)}`);
  if (skippedPostgres) log(skippedPostgres);
  if (failures.length > 0) throw new Error(`the bench failed on ${failures.length} backend(s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
