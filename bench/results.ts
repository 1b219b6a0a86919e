import fs from 'node:fs';
import path from 'node:path';
import type { ExplainReport } from './explain.js';
import { benchRoot, repoRoot, round } from './lib/util.js';
import type { Kind } from './load/scenarios.js';
import type { WebResult } from './web/web.js';

/** CPU per request in ms (utime+stime from /proc); null where the database's processes are not known. */
export type Cpu = {
  serverMs: number;
  databaseMs: number | null;
  totalMs: number | null;
  requests: number;
  /** The database's share by process kind (bench/lib/proc.ts processKind; "ended": children that ended during the run). */
  databaseKinds?: Record<string, number>;
};
export type Run = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  statusCodes: Record<string, number>;
  ratioToRaw: number;
  loadavg1: number;
  cpu?: Cpu;
};
export type ScenarioResult = { id: string; title: string; kind: Kind; note?: string; cpuTarget?: { operation: string; ms: number }; runs: Record<number, Run> };
/** Resident memory of the install: the app's process, the database's processes, and their sum (VmRSS); Pss of the database's. */
export type InstallMemory = { appMb: number | null; databaseMb: number | null; totalMb: number | null; databasePssMb: number | null; databaseProcesses: number };
export type SoakResult = {
  minutes: number;
  connections: number;
  startRssMb: number;
  endRssMb: number;
  maxRssMb: number;
  /** The samples' median over the soak's first and last window (bench/lib/soak.ts), both under its load. */
  windowSeconds?: number;
  firstRssMb?: number | null;
  lastRssMb?: number | null;
  /** lastRssMb ÷ firstRssMb − 1: whether memory stays flat under the load. */
  growth: number;
  /** The same for the whole install (app plus database), when the database's processes are known. */
  startTotalMb?: number | null;
  endTotalMb?: number | null;
  firstTotalMb?: number | null;
  lastTotalMb?: number | null;
  maxTotalMb?: number | null;
  totalGrowth?: number | null;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  samples: Array<{ second: number; rssMb: number; totalMb?: number | null }>;
};
/** Seconds from spawning `node apps/server/dist/main.js` to the first 200 from /api/v1/health. */
export type StartTimes = {
  /** On an empty DATA_DIR (the cluster is created and migrated), one per round. */
  firstStartSeconds: number[];
  /** The same DATA_DIR again, right after a clean stop. */
  restartSeconds: number[];
  /** The empty install, idle a few seconds after its first start. */
  emptyIdle?: InstallMemory;
  /** The seeded data set's DATA_DIR, restarted after the load. */
  seededRestartSeconds?: number;
};
/** Each CPU-target scenario on both backends in alternating rounds (bench/run.ts compareBackends). */
export type HeadToHead = {
  rounds: number;
  scenarios: Array<{ id: string; title: string; runs: Record<number, { embedded: Run[]; postgres: Run[] }> }>;
};
export type BackendResult = {
  backend: 'embedded' | 'postgres';
  scale: string;
  counts: Record<string, number>;
  seed: { seconds: number; fromCache: boolean; fingerprint: string };
  durationSeconds: number;
  connections: number[];
  baseline: Record<number, { requestsPerSecond: number; p50: number; p99: number; errors: number; cpu?: { serverMs: number; requests: number } }>;
  /** What the CPU and memory figures count. */
  processes?: { clockTicks: number; server: string; database: string | null; databaseUnknown?: string };
  /** CPU spent idle, in the pause after the start: ms of CPU a second. */
  idleCpu?: { seconds: number; serverMsPerSecond: number | null; databaseMsPerSecond: number | null };
  scenarios: ScenarioResult[];
  /** Issue 15 §3: the main scenarios with WEB_CONCURRENCY > 1 (1 process: `scenarios`). */
  processRuns?: Array<{ processes: number; scenarios: Array<{ id: string; title: string; runs: Record<number, Run> }>; afterLoad: InstallMemory }>;
  memory: {
    startRssMb: number | undefined;
    afterLoadRssMb: number | undefined;
    soak: SoakResult | undefined;
    install?: { afterStart: InstallMemory; settled?: InstallMemory; afterLoad: InstallMemory; afterSoak?: InstallMemory };
  };
  starts?: StartTimes;
  /** The default install against the external PostgreSQL, both up at once, in alternating rounds (embedded only). */
  headToHead?: HeadToHead;
  explain: ExplainReport;
  machine?: { loadavg1: number; loadavg5: number; loadavg15: number; cores: number };
};

export const TARGETS = {
  readP99Ms: 25,
  writeP99Ms: 50,
  healthRatio: 0.8,
  soakGrowth: 0.1,
  // Issue 15 §5, the default install.
  idleMemoryMb: 200,
  firstStartSeconds: 5,
  restartSeconds: 2,
  // Issue 15 §4: the login page, and the signed-in dashboard (a lighter bar: it waits for data).
  lighthousePerformance: 95,
  lighthouseDashboardPerformance: 90,
  lighthouseAccessibility: 100,
  interactionMs: 200,
};

type Verdict = { target: string; met: boolean | undefined };

const mark = (met: boolean | undefined) => (met === undefined ? '—' : met ? '**met**' : '**missed**');
const show = (value: number | null | undefined, unit = '') => (value === null || value === undefined ? '—' : `${value}${unit}`);
const HIGH = 50;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : round(sorted[Math.floor((sorted.length - 1) / 2)]!, 2);
};

export const backendTitle = (result: BackendResult) => {
  const major = result.explain.serverVersion?.split(/[ .]/)[0];
  const version = major ? ` ${major}` : '';
  return result.backend === 'embedded' ? `Embedded PostgreSQL${version} (the default install)` : `External PostgreSQL${version} (DATABASE_URL)`;
};

/** The latency target a scenario is held to (issue 8: p99 at 50 connections; PostgreSQL, embedded or not). */
export function verdictFor(scenario: ScenarioResult): Verdict {
  const high = scenario.runs[HIGH];
  if (!high) return { target: '', met: undefined };
  if (scenario.kind === 'baseline') {
    return { target: `≥ ${TARGETS.healthRatio * 100}% of raw node:http (${Math.round(high.ratioToRaw * 100)}%)`, met: high.ratioToRaw >= TARGETS.healthRatio };
  }
  const limit = scenario.kind === 'read' ? TARGETS.readP99Ms : TARGETS.writeP99Ms;
  return { target: `p99 ≤ ${limit} ms at ${HIGH}`, met: high.p99 <= limit && high.errors === 0 };
}

/** Issue 15 §2: total CPU per request at 1 connection. */
export function cpuVerdictFor(scenario: ScenarioResult): Verdict {
  if (!scenario.cpuTarget) return { target: '', met: undefined };
  const total = scenario.runs[1]?.cpu?.totalMs;
  return { target: `≤ ${scenario.cpuTarget.ms} ms (${scenario.cpuTarget.operation})`, met: total === null || total === undefined ? undefined : total <= scenario.cpuTarget.ms };
}

function scenarioTable(result: BackendResult): string {
  const lines = [
    '| endpoint | kind | 1 conn: req/s | p50 | p99 | err | 50 conn: req/s | p50 | p99 | err | ÷ raw (50) | target | result |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|',
  ];
  const raw = (connections: number) => result.baseline[connections];
  lines.push(
    `| raw node:http JSON (baseline) | — | ${raw(1)?.requestsPerSecond ?? '—'} | ${raw(1)?.p50 ?? '—'} | ${raw(1)?.p99 ?? '—'} | ${raw(1)?.errors ?? '—'} | ${raw(HIGH)?.requestsPerSecond ?? '—'} | ${raw(HIGH)?.p50 ?? '—'} | ${raw(HIGH)?.p99 ?? '—'} | ${raw(HIGH)?.errors ?? '—'} | 1 | — | — |`,
  );
  for (const scenario of result.scenarios) {
    const one = scenario.runs[1];
    const high = scenario.runs[HIGH];
    const verdict = verdictFor(scenario);
    const cell = (run: Run | undefined) => (run ? `${run.requestsPerSecond} | ${run.p50} | ${run.p99} | ${run.errors}` : '— | — | — | —');
    lines.push(
      `| ${scenario.title}${scenario.note ? ` (${scenario.note})` : ''} | ${scenario.kind} | ${cell(one)} | ${cell(high)} | ${high ? high.ratioToRaw : '—'} | ${verdict.target} | ${mark(verdict.met)} |`,
    );
  }
  return lines.join('\n');
}

/** CPU per request of the server and of the database, next to req/s and p99, with issue 15's targets. */
function cpuTable(result: BackendResult): string {
  const lines = [
    '| endpoint | 1 conn: req/s | p99 | CPU ms/req: server | database | total | 50 conn: req/s | p99 | CPU ms/req: server | database | total | target (total, 1 conn) | result |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|',
  ];
  const raw = (connections: number) => result.baseline[connections];
  const rawCell = (connections: number) => {
    const run = raw(connections);
    return run ? `${run.requestsPerSecond} | ${run.p99} | ${show(run.cpu?.serverMs)} | — | ${show(run.cpu?.serverMs)}` : '— | — | — | — | —';
  };
  lines.push(`| raw node:http JSON (baseline) | ${rawCell(1)} | ${rawCell(HIGH)} | — | — |`);
  const cell = (run: Run | undefined) =>
    run ? `${run.requestsPerSecond} | ${run.p99} | ${show(run.cpu?.serverMs)} | ${show(run.cpu?.databaseMs)} | ${show(run.cpu?.totalMs)}` : '— | — | — | — | —';
  for (const scenario of result.scenarios) {
    const verdict = cpuVerdictFor(scenario);
    lines.push(`| ${scenario.title} | ${cell(scenario.runs[1])} | ${cell(scenario.runs[HIGH])} | ${verdict.target || '—'} | ${mark(verdict.met)} |`);
  }
  return lines.join('\n');
}

/** The main scenarios at 1 process and at each WEB_CONCURRENCY measured, side by side. */
function processTable(result: BackendResult): string {
  const measured = result.processRuns ?? [];
  const lines = [
    '| endpoint | server processes | 1 conn: req/s | p99 | CPU ms/req: server + database | 50 conn: req/s | p99 | CPU ms/req: server + database |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const cpu = (run: Run | undefined) => (run?.cpu ? `${run.cpu.serverMs} + ${show(run.cpu.databaseMs)} = ${show(run.cpu.totalMs)}` : '—');
  const cell = (run: Run | undefined) => (run ? `${run.requestsPerSecond} | ${run.p99} | ${cpu(run)}` : '— | — | —');
  for (const scenario of measured[0]?.scenarios ?? []) {
    const single = result.scenarios.find((item) => item.id === scenario.id)?.runs;
    lines.push(`| ${scenario.title} | 1 | ${cell(single?.[1])} | ${cell(single?.[HIGH])} |`);
    for (const run of measured) {
      const runs = run.scenarios.find((item) => item.id === scenario.id)?.runs;
      lines.push(`| | ${run.processes} | ${cell(runs?.[1])} | ${cell(runs?.[HIGH])} |`);
    }
  }
  const memory = measured.map((run) => `${run.processes} processes after their load: ${memoryText(run.afterLoad)}`).join('; ');
  return `${lines.join('\n')}\n\nMemory with ${memory}.`;
}

function memoryText(memory: InstallMemory | undefined): string {
  if (!memory) return '—';
  return `**${show(memory.totalMb, ' MB')}** (app ${show(memory.appMb, ' MB')} + ${memory.databaseProcesses} database processes ${show(memory.databaseMb, ' MB')}; database Pss ${show(memory.databasePssMb, ' MB')})`;
}

/** Issue 15 §5: idle memory of the install and its start times. */
function installLines(result: BackendResult): string[] {
  const lines: string[] = [];
  const install = result.memory.install;
  if (install) {
    const idleMet = (memory: InstallMemory | undefined) =>
      result.backend === 'embedded' && memory?.totalMb !== null && memory?.totalMb !== undefined ? memory.totalMb <= TARGETS.idleMemoryMb : undefined;
    // Issue 15's memory target is the default install's; an external server is shown for comparison.
    const isDefault = result.backend === 'embedded';
    const target = isDefault ? ` (target ≤ ${TARGETS.idleMemoryMb} MB)` : '';
    const verdict = (memory: InstallMemory) => (isDefault ? `: ${mark(idleMet(memory))}` : '');
    if (install.settled) {
      lines.push(`- A few seconds after start: ${memoryText(install.afterStart)}.`);
      lines.push(`- Idle, settled (35 s after start: the start's spare connections closed, V8's young generation shrunk)${target}: ${memoryText(install.settled)}${verdict(install.settled)}.`);
    } else {
      lines.push(`- Idle, a few seconds after start${target}: ${memoryText(install.afterStart)}${verdict(install.afterStart)}.`);
    }
    lines.push(`- After the load: ${memoryText(install.afterLoad)}.`);
    if (install.afterSoak) lines.push(`- Idle after the soak (35 s after it)${target}: ${memoryText(install.afterSoak)}${verdict(install.afterSoak)}.`);
  }
  const starts = result.starts;
  if (starts) {
    const first = median(starts.firstStartSeconds);
    const restart = median(starts.restartSeconds);
    const rounds = starts.firstStartSeconds.length;
    const of = rounds > 1 ? ` (median of ${rounds}: ${starts.firstStartSeconds.join(', ')} s)` : '';
    const ofRestart = rounds > 1 ? ` (median of ${rounds}: ${starts.restartSeconds.join(', ')} s)` : '';
    lines.push(
      `- First start on an empty DATA_DIR (spawn to health 200: the cluster is created, then migrated): **${show(first, ' s')}**${of} (target ≤ ${TARGETS.firstStartSeconds} s: ${mark(first === undefined ? undefined : first <= TARGETS.firstStartSeconds)}); ` +
        `restart: **${show(restart, ' s')}**${ofRestart} (target ≤ ${TARGETS.restartSeconds} s: ${mark(restart === undefined ? undefined : restart <= TARGETS.restartSeconds)}).`,
    );
    if (starts.emptyIdle) lines.push(`- The empty install, idle after its first start: ${memoryText(starts.emptyIdle)}.`);
    if (starts.seededRestartSeconds !== undefined) lines.push(`- Restart with the ${result.scale} data set, after the load: ${starts.seededRestartSeconds} s.`);
  }
  return lines;
}

function memoryLines(result: BackendResult): string {
  const memory = result.memory;
  const lines = [`- The server process alone: RSS at start ${memory.startRssMb ?? '—'} MB; after the load: **${memory.afterLoadRssMb ?? '—'} MB**.`];
  lines.push(...installLines(result));
  if (memory.soak) {
    const soak = memory.soak;
    const windows = (first: number | null | undefined, last: number | null | undefined) =>
      first !== undefined && first !== null ? `, median ${show(first)} MB over the first ${soak.windowSeconds} s and ${show(last)} MB over the last` : '';
    const total =
      soak.totalGrowth !== undefined && soak.totalGrowth !== null
        ? `; app plus database ${show(soak.startTotalMb)} → ${show(soak.endTotalMb)} MB (max ${show(soak.maxTotalMb)} MB${windows(soak.firstTotalMb, soak.lastTotalMb)}), growth **${(soak.totalGrowth * 100).toFixed(1)}%** (${mark(soak.totalGrowth < TARGETS.soakGrowth)})`
        : '';
    lines.push(
      `- Soak: ${soak.minutes} min of mixed reads and writes at ${soak.connections} connections (${soak.requestsPerSecond} req/s, p99 ${soak.p99} ms, ${soak.errors} errors): server RSS ${soak.startRssMb} → ${soak.endRssMb} MB (max ${soak.maxRssMb} MB${windows(soak.firstRssMb, soak.lastRssMb)}), growth **${(soak.growth * 100).toFixed(1)}%** (target < ${TARGETS.soakGrowth * 100}%: ${mark(soak.growth < TARGETS.soakGrowth)})${total}.`,
    );
  }
  return lines.join('\n');
}

const mean = (values: number[]) => (values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0) / values.length);

/** The default install over the external PostgreSQL in a head-to-head comparison: mean req/s, and mean total CPU a request. */
function headToHeadRatios(comparison: HeadToHead | undefined, id: string, connections: number) {
  const runs = comparison?.scenarios.find((item) => item.id === id)?.runs[connections];
  if (!runs) return undefined;
  const rate = (list: Run[]) => mean(list.map((run) => run.requestsPerSecond));
  const cpu = (list: Run[]) => mean(list.map((run) => run.cpu?.totalMs).filter((value): value is number => typeof value === 'number'));
  const [embedded, postgres] = [rate(runs.embedded), rate(runs.postgres)];
  const [embeddedCpu, postgresCpu] = [cpu(runs.embedded), cpu(runs.postgres)];
  return {
    embedded: embedded === undefined ? undefined : round(embedded, 1),
    postgres: postgres === undefined ? undefined : round(postgres, 1),
    requests: embedded !== undefined && postgres ? round(embedded / postgres, 2) : undefined,
    embeddedCpu: embeddedCpu === undefined ? undefined : round(embeddedCpu, 3),
    postgresCpu: postgresCpu === undefined ? undefined : round(postgresCpu, 3),
  };
}

/** The head-to-head comparison as a table: each round's req/s on each backend, their means and ratio, and the mean CPU a request. */
export function headToHeadMarkdown(comparison: HeadToHead): string {
  const lines = [
    '### The default install against the external PostgreSQL, head to head',
    '',
    `Both installs up at once, on the data their main runs left; each scenario measured on one and then the other, the order reversed every other round (${comparison.rounds} rounds each), so that the machine's drift falls on both alike. CPU is server plus database (the external server's figure leaves out its processes that ended during a run, such as autovacuum workers; the embedded one's counts them).`,
    '',
    '| endpoint | conn | default install: req/s per round | external: req/s per round | default ÷ external | CPU ms/req: default | external |',
    '|---|--:|---|---|--:|--:|--:|',
  ];
  for (const scenario of comparison.scenarios) {
    for (const [connections, runs] of Object.entries(scenario.runs)) {
      const ratios = headToHeadRatios(comparison, scenario.id, Number(connections))!;
      const list = (items: Run[]) => items.map((run) => run.requestsPerSecond).join(', ');
      lines.push(
        `| ${scenario.title} | ${connections} | ${list(runs.embedded)} | ${list(runs.postgres)} | **${show(ratios.requests)}** | ${show(ratios.embeddedCpu)} | ${show(ratios.postgresCpu)} |`,
      );
    }
  }
  return lines.join('\n');
}

const KINDS = ['connections', 'autovacuum', 'ended', 'background', 'postmaster'] as const;

/** Where the database's CPU of each CPU-target scenario went, at 1 connection, by process kind. */
export function databaseKindsMarkdown(result: BackendResult): string {
  const rows = result.scenarios.filter((scenario) => scenario.cpuTarget && scenario.runs[1]?.cpu?.databaseKinds);
  if (rows.length === 0) return '';
  const lines = [
    `Where the database's CPU goes (${result.backend === 'embedded' ? 'the default install' : 'external PostgreSQL'}, 1 connection, ms a request): the app's connections; autovacuum workers alive at the end of the run; processes that ended during it (autovacuum workers, mostly${result.backend === 'embedded' ? '' : '; not counted for an external server'}); the background processes (checkpointer, background writer, WAL writer, launchers); the postmaster.`,
    '',
    `| endpoint | ${KINDS.join(' | ')} | database |`,
    `|---|${KINDS.map(() => '--:|').join('')}--:|`,
  ];
  for (const scenario of rows) {
    const cpu = scenario.runs[1]!.cpu!;
    lines.push(`| ${scenario.title} | ${KINDS.map((kind) => show(cpu.databaseKinds![kind] ?? 0)).join(' | ')} | ${show(cpu.databaseMs)} |`);
  }
  return lines.join('\n');
}

/** Issue 15's targets side by side: the default install against the external PostgreSQL of the same run. */
export function issue15Table(embedded: BackendResult, postgres?: BackendResult): string {
  const lines = [
    `| issue 15 target | endpoint | default install: CPU ms/req (server + database = total) | result | total ÷ raw node:http's CPU a request | external PostgreSQL: CPU ms/req | default ÷ external req/s (1 conn${embedded.headToHead ? ', head to head' : ''}) |`,
    '|---|---|--:|---|--:|--:|--:|',
  ];
  // The raw baseline's CPU a request moves with the machine (0.038 ms on a quiet day, 0.085 on a
  // busy one), and every figure with it: the ratio compares runs made on different days.
  const rawCpu = embedded.baseline[1]?.cpu?.serverMs;
  const timesRaw = (total: number | null | undefined) => (rawCpu && total ? `× ${Math.round(total / rawCpu)}` : '—');
  for (const scenario of embedded.scenarios.filter((item) => item.cpuTarget)) {
    const cpu = scenario.runs[1]?.cpu;
    const other = postgres?.scenarios.find((item) => item.id === scenario.id)?.runs[1];
    // Head to head when the run made one (both up at once, alternating rounds), else the two main runs'.
    const paired = headToHeadRatios(embedded.headToHead, scenario.id, 1);
    const ratio = paired ? paired.requests : other && scenario.runs[1] ? round(scenario.runs[1].requestsPerSecond / other.requestsPerSecond, 2) : undefined;
    const parts = (value: Cpu | undefined) => (value ? `${value.serverMs} + ${show(value.databaseMs)} = **${show(value.totalMs)}**` : '—');
    lines.push(
      `| ${scenario.cpuTarget!.operation} ≤ ${scenario.cpuTarget!.ms} ms | ${scenario.title} | ${parts(cpu)} | ${mark(cpuVerdictFor(scenario).met)} | ${timesRaw(cpu?.totalMs)} | ${other ? parts(other.cpu) : '—'} | ${show(ratio)} |`,
    );
  }
  const idle = (embedded.memory.install?.settled ?? embedded.memory.install?.afterStart)?.totalMb;
  const afterSoak = embedded.memory.install?.afterSoak?.totalMb;
  lines.push(
    `| idle memory ≤ ${TARGETS.idleMemoryMb} MB | ${embedded.memory.install?.settled ? 'idle, settled after start' : 'after start'}${afterSoak !== undefined ? ' / after the soak' : ''} | ${show(idle, ' MB')}${afterSoak !== undefined ? ` / ${show(afterSoak, ' MB')}` : ''} | ${mark(idle === null || idle === undefined ? undefined : idle <= TARGETS.idleMemoryMb && (afterSoak === undefined || (afterSoak !== null && afterSoak <= TARGETS.idleMemoryMb)))} | — | — | — |`,
  );
  const first = embedded.starts ? median(embedded.starts.firstStartSeconds) : undefined;
  const restart = embedded.starts ? median(embedded.starts.restartSeconds) : undefined;
  lines.push(`| first start ≤ ${TARGETS.firstStartSeconds} s | empty DATA_DIR | ${show(first, ' s')} | ${mark(first === undefined ? undefined : first <= TARGETS.firstStartSeconds)} | — | — | — |`);
  lines.push(`| restart ≤ ${TARGETS.restartSeconds} s | the same DATA_DIR | ${show(restart, ' s')} | ${mark(restart === undefined ? undefined : restart <= TARGETS.restartSeconds)} | — | — | — |`);
  return lines.join('\n');
}

function explainTable(report: ExplainReport): string {
  const lines = ['| list | statements | plan nodes on the guarded tables | slowest statement (ms) | sequential scans |', '|---|--:|---|--:|---|'];
  for (const request of report.requests) {
    const guarded = new Set<string>();
    for (const statement of request.statements) {
      for (const node of statement.nodes) {
        if (node.relation && ['tasks', 'features', 'task_comments', 'task_history', 'todos'].includes(node.relation)) {
          const fetches = node.heapFetches === undefined ? '' : `, ${node.heapFetches} heap fetches`;
          guarded.add(`${node.nodeType}${node.index ? ` (${node.index}${fetches})` : ''} on ${node.relation}`);
        }
      }
    }
    const slowest = Math.max(0, ...request.statements.map((statement) => statement.executionMs));
    const seq = request.statements.flatMap((statement) => statement.seqScans);
    const countedTasks = request.statements.some((statement) => statement.keptCounts === false) ? ' **counts per status not read from feature_task_counts**' : '';
    lines.push(
      `| ${request.name} | ${request.statements.length} | ${[...guarded].join('; ') || '—'} | ${slowest} | ${seq.length ? `**${seq.join(', ')}**` : 'none'}${countedTasks} |`,
    );
  }
  return lines.join('\n');
}

export function backendMarkdown(result: BackendResult): string {
  const title = backendTitle(result);
  const machine = result.machine ? `load average ${result.machine.loadavg1} / ${result.machine.loadavg5} / ${result.machine.loadavg15} on ${result.machine.cores} cores at the end` : '';
  const loads = result.scenarios.flatMap((scenario) => Object.values(scenario.runs).map((run) => run.loadavg1));
  const processes = result.processes;
  const counted = processes
    ? `Server: ${processes.server}. Database: ${processes.database ?? `unknown (${processes.databaseUnknown})`}. utime+stime from /proc/<pid>/stat (${processes.clockTicks} ticks a second: a tick is ${round(1000 / processes.clockTicks, 1)} ms, shared by the run's requests), read before and after each measured run (after its warm-up), divided by the requests it completed.`
    : 'CPU was not measured in this run.';
  const idle = result.idleCpu
    ? ` Idle (the ${result.idleCpu.seconds} s after the start, no requests): server ${show(result.idleCpu.serverMsPerSecond)} ms of CPU a second, database ${show(result.idleCpu.databaseMsPerSecond)} ms a second; at 1 connection that idle share is inside each figure (spread over the requests of each second).`
    : '';
  return [
    `### ${title}`,
    '',
    `Data set: ${result.scale} (${Object.entries(result.counts)
      .map(([name, count]) => `${count.toLocaleString('en-US')} ${name.replace(/_/g, ' ')}`)
      .join(', ')}); seeded in ${result.seed.seconds} s${result.seed.fromCache ? ' (from the cache)' : ''}. ` +
      `${result.durationSeconds} s a run after a warm-up. Machine: ${machine}; 1-minute load average during the runs ${Math.min(...loads)}–${Math.max(...loads)}.`,
    '',
    'Latencies in ms; "err" counts non-2xx answers, socket errors and timeouts; "÷ raw" is req/s over the raw node:http endpoint measured in the same run at the same connections.',
    '',
    scenarioTable(result),
    '',
    `**CPU per request** (ms). ${counted}${idle}`,
    '',
    cpuTable(result),
    '',
    ...(result.processRuns?.length
      ? [
          `**Server processes** (\`WEB_CONCURRENCY\`, node:cluster, on the same data; the 1-process rows are the run above). The server's CPU is the primary's plus every server process's; on ${result.machine?.cores ?? '?'} cores the load generator and the database share them.`,
          '',
          processTable(result),
          '',
        ]
      : []),
    `**Memory** (${title}):`,
    '',
    memoryLines(result),
    '',
    `**Query plans** on the seeded data (EXPLAIN ANALYZE of the SQL each list request ran, captured by the app's query log): ${result.explain.ok ? 'every list reads tasks, features, comments, history and todos through indexes, and the counts per status of a feature are read from the counts the database keeps: **met**' : '**missed**: sequential scans found, or the tasks of a feature counted per status'}.`,
    '',
    explainTable(result.explain),
  ].join('\n');
}

export function webMarkdown(web: WebResult): string {
  const lines = ['### Front end', '', '| page | Lighthouse performance | accessibility | target | result |', '|---|--:|--:|---|---|'];
  for (const page of web.lighthouse) {
    const target = page.url === '/login' ? TARGETS.lighthousePerformance : TARGETS.lighthouseDashboardPerformance;
    const met = page.performance >= target && page.accessibility >= TARGETS.lighthouseAccessibility;
    const runs = page.runs && page.runs.length > 1 ? ` (median of ${page.runs.join(', ')})` : '';
    lines.push(`| ${page.name} | ${page.performance}${runs} | ${page.accessibility} | ≥ ${target} and ${TARGETS.lighthouseAccessibility} | ${mark(met)} |`);
  }
  lines.push('', 'Weighted audits below full marks:', '');
  for (const page of web.lighthouse) lines.push(`- ${page.name}: ${page.failedAudits.join(', ') || 'none'}`);
  lines.push('', `Lighthouse ${web.lighthouseVersion}, ${web.formFactor} preset, in Debian's Chromium (headless).`, '');
  lines.push('| long-list interaction (heavy user) | items | delay (ms) | target | result |', '|---|--:|--:|---|---|');
  for (const interaction of web.interactions) {
    lines.push(
      `| ${interaction.name} | ${interaction.items} | ${interaction.delayMs} | ≤ ${TARGETS.interactionMs} ms | ${mark(interaction.delayMs <= TARGETS.interactionMs)} |`,
    );
  }
  lines.push('', web.interactionMethod);
  return lines.join('\n');
}

export type RunSummary = {
  startedAt: Date;
  finishedAt: Date;
  quick: boolean;
  /** Some scenarios (--only), or no soak or no web checks: its figures do not replace a whole run's. */
  partial?: boolean;
  /** Refresh docs/benchmarks.md from a quick run too (labelled as one). */
  docs: boolean;
  results: BackendResult[];
  /** External PostgreSQL results of an earlier run, when this one ran the embedded server only. */
  reusedPostgres?: BackendResult & { startedAt: string };
  web: WebResult | undefined;
  skippedPostgres: string | undefined;
  machineAtStart: { loadavg1: number; loadavg5: number; loadavg15: number; cores: number };
};

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

/**
 * A partial run's files are kept beside the day's earlier partial runs (which the docs may cite),
 * not over them: -partial, then -partial-2, -partial-3, ...
 */
function freePartialSuffix(dir: string, date: string): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '-partial' : `-partial-${n}`;
    if (!['embedded', 'postgres', 'web'].some((kind) => fs.existsSync(path.join(dir, `${date}-${kind}${suffix}.json`)))) return suffix;
  }
}

/** Writes bench/results/<date>-<backend>.{json,md} (and -web) and refreshes docs/benchmarks.md. */
export function writeResults(summary: RunSummary): string[] {
  const date = summary.startedAt.toISOString().slice(0, 10);
  const dir = path.join(benchRoot, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const suffix = summary.quick ? '-quick' : summary.partial ? freePartialSuffix(dir, date) : '';
  const postgres = summary.results.find((result) => result.backend === 'postgres') ?? summary.reusedPostgres;
  const embedded = summary.results.find((result) => result.backend === 'embedded');
  const written: string[] = [];
  const meta = {
    startedAt: summary.startedAt.toISOString(),
    finishedAt: summary.finishedAt.toISOString(),
    minutes: round((summary.finishedAt.getTime() - summary.startedAt.getTime()) / 60_000, 1),
    node: process.version,
    machineAtStart: summary.machineAtStart,
  };
  const targets = embedded
    ? [
        '### Issue 15 targets (the default install)',
        '',
        issue15Table(embedded, postgres),
        '',
        databaseKindsMarkdown(embedded),
        '',
        ...(embedded.headToHead ? [headToHeadMarkdown(embedded.headToHead), ''] : []),
      ].join('\n')
    : '';
  for (const result of summary.results) {
    const base = path.join(dir, `${date}-${result.backend}${suffix}`);
    fs.writeFileSync(`${base}.json`, `${JSON.stringify({ ...meta, ...result }, null, 2)}\n`);
    fs.writeFileSync(`${base}.md`, `# Benchmark ${date}: ${result.backend}\n\n${result === embedded ? `${targets}\n` : ''}${backendMarkdown(result)}\n`);
    written.push(`${base}.json`, `${base}.md`);
  }
  if (summary.web) {
    const base = path.join(dir, `${date}-web${suffix}`);
    fs.writeFileSync(`${base}.json`, `${JSON.stringify({ ...meta, ...summary.web }, null, 2)}\n`);
    fs.writeFileSync(`${base}.md`, `# Benchmark ${date}: front end\n\n${webMarkdown(summary.web)}\n`);
    written.push(`${base}.json`, `${base}.md`);
  }
  // A front-end-only run (--only-web) has no server figures to put in docs/benchmarks.md, and a
  // quick or partial one writes them only when asked (--docs).
  if (((summary.quick || summary.partial) && !summary.docs) || summary.results.length === 0) return written;

  // docs/benchmarks.md: the generated block between the markers is replaced; the rest is prose.
  const docsPath = path.join(repoRoot, 'docs/benchmarks.md');
  const docs = fs.existsSync(docsPath) ? fs.readFileSync(docsPath, 'utf8') : `# Benchmarks\n\n${START}\n${END}\n`;
  const kind = summary.quick
    ? 'a QUICK run (`--quick`: the small data set, 3 s measurements after a 1 s warm-up, a 30 s soak): indicative only'
    : summary.partial
      ? 'a PARTIAL run (some scenarios, or no soak or front-end checks): its figures stand beside the last full run, not for it'
      : 'a full run';
  const block = [
    START,
    '',
    `## Latest results (${date}, ${kind}; ${meta.minutes} min, Node ${process.version}; load average at start ${summary.machineAtStart.loadavg1} / ${summary.machineAtStart.loadavg5} / ${summary.machineAtStart.loadavg15} on ${summary.machineAtStart.cores} cores)`,
    '',
    summary.skippedPostgres ? `> ${summary.skippedPostgres}\n` : '',
    summary.reusedPostgres ? `> External PostgreSQL: the run started ${summary.reusedPostgres.startedAt}; the default install and the front end: this run.\n` : '',
    targets,
    embedded ? backendMarkdown(embedded) : '',
    '',
    postgres ? backendMarkdown(postgres) : '',
    '',
    summary.web ? webMarkdown(summary.web) : '',
    '',
    END,
  ].join('\n');
  const start = docs.indexOf(START);
  const end = docs.indexOf(END);
  const next = start >= 0 && end > start ? docs.slice(0, start) + block + docs.slice(end + END.length) : `${docs.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(docsPath, next.replace(/\n{3,}/g, '\n\n'));
  written.push(docsPath);
  return written;
}
