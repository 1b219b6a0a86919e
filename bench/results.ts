import fs from 'node:fs';
import path from 'node:path';
import type { ExplainReport } from './explain.js';
import { benchRoot, repoRoot, round } from './lib/util.js';
import type { Kind } from './load/scenarios.js';
import type { WebResult } from './web/web.js';

export type Run = { requestsPerSecond: number; p50: number; p99: number; errors: number; statusCodes: Record<string, number>; ratioToRaw: number; loadavg1: number };
export type ScenarioResult = { id: string; title: string; kind: Kind; note?: string; runs: Record<number, Run> };
export type SoakResult = {
  minutes: number;
  connections: number;
  startRssMb: number;
  endRssMb: number;
  maxRssMb: number;
  growth: number;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  samples: Array<{ second: number; rssMb: number }>;
};
export type BackendResult = {
  backend: 'pglite' | 'postgres';
  scale: string;
  counts: Record<string, number>;
  seed: { seconds: number; fromCache: boolean; fingerprint: string };
  durationSeconds: number;
  connections: number[];
  baseline: Record<number, { requestsPerSecond: number; p50: number; p99: number; errors: number }>;
  scenarios: ScenarioResult[];
  memory: { startRssMb: number | undefined; afterLoadRssMb: number | undefined; soak: SoakResult | undefined };
  explain: ExplainReport;
  machine?: { loadavg1: number; loadavg5: number; loadavg15: number; cores: number };
};

export const TARGETS = {
  readP99Ms: 25,
  writeP99Ms: 50,
  healthRatio: 0.8,
  pgliteReadShare: 0.5,
  soakGrowth: 0.1,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  interactionMs: 200,
};

type Verdict = { target: string; met: boolean | undefined };

const mark = (met: boolean | undefined) => (met === undefined ? '—' : met ? '**met**' : '**missed**');
const HIGH = 50;

/** The target a scenario is held to on a backend, and whether it was met. */
export function verdictFor(result: BackendResult, scenario: ScenarioResult, postgres?: BackendResult): Verdict {
  const high = scenario.runs[HIGH];
  if (!high) return { target: '', met: undefined };
  if (scenario.kind === 'baseline') {
    return { target: `≥ ${TARGETS.healthRatio * 100}% of raw node:http (${Math.round(high.ratioToRaw * 100)}%)`, met: high.ratioToRaw >= TARGETS.healthRatio };
  }
  if (result.backend === 'postgres') {
    const limit = scenario.kind === 'read' ? TARGETS.readP99Ms : TARGETS.writeP99Ms;
    return { target: `p99 ≤ ${limit} ms at ${HIGH}`, met: high.p99 <= limit && high.errors === 0 };
  }
  if (scenario.kind === 'read') {
    const pg = postgres?.scenarios.find((other) => other.id === scenario.id)?.runs[HIGH];
    if (!pg) return { target: `≥ ${TARGETS.pgliteReadShare * 100}% of PostgreSQL's req/s`, met: undefined };
    const share = high.requestsPerSecond / pg.requestsPerSecond;
    return { target: `≥ 50% of PostgreSQL's req/s (${Math.round(share * 100)}%)`, met: share >= TARGETS.pgliteReadShare };
  }
  return { target: 'no target on PGlite', met: undefined };
}

function scenarioTable(result: BackendResult, postgres?: BackendResult): string {
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
    const verdict = verdictFor(result, scenario, postgres);
    const cell = (run: Run | undefined) => (run ? `${run.requestsPerSecond} | ${run.p50} | ${run.p99} | ${run.errors}` : '— | — | — | —');
    lines.push(
      `| ${scenario.title}${scenario.note ? ` (${scenario.note})` : ''} | ${scenario.kind} | ${cell(one)} | ${cell(high)} | ${high ? high.ratioToRaw : '—'} | ${verdict.target} | ${mark(verdict.met)} |`,
    );
  }
  return lines.join('\n');
}

function explainTable(report: ExplainReport): string {
  const lines = ['| list | statements | plan nodes on the guarded tables | slowest statement (ms) | sequential scans |', '|---|--:|---|--:|---|'];
  for (const request of report.requests) {
    const guarded = new Set<string>();
    for (const statement of request.statements) {
      for (const node of statement.nodes) {
        if (node.relation && ['tasks', 'features', 'task_comments', 'task_history', 'todos'].includes(node.relation)) {
          guarded.add(`${node.nodeType}${node.index ? ` (${node.index})` : ''} on ${node.relation}`);
        }
      }
    }
    const slowest = Math.max(0, ...request.statements.map((statement) => statement.executionMs));
    const seq = request.statements.flatMap((statement) => statement.seqScans);
    lines.push(`| ${request.name} | ${request.statements.length} | ${[...guarded].join('; ') || '—'} | ${slowest} | ${seq.length ? `**${seq.join(', ')}**` : 'none'} |`);
  }
  return lines.join('\n');
}

function memoryLines(result: BackendResult): string {
  const memory = result.memory;
  const lines = [`- RSS at start: ${memory.startRssMb ?? '—'} MB; after the load: **${memory.afterLoadRssMb ?? '—'} MB**.`];
  if (memory.soak) {
    const soak = memory.soak;
    lines.push(
      `- Soak: ${soak.minutes} min of mixed reads and writes at ${soak.connections} connections (${soak.requestsPerSecond} req/s, p99 ${soak.p99} ms, ${soak.errors} errors): RSS ${soak.startRssMb} → ${soak.endRssMb} MB (max ${soak.maxRssMb} MB), growth **${(soak.growth * 100).toFixed(1)}%** (target < ${TARGETS.soakGrowth * 100}%: ${mark(soak.growth < TARGETS.soakGrowth)}).`,
    );
  }
  return lines.join('\n');
}

export function backendMarkdown(result: BackendResult, postgres?: BackendResult): string {
  const title = result.backend === 'pglite' ? 'PGlite (embedded, the default)' : 'PostgreSQL 15';
  const machine = result.machine ? `load average ${result.machine.loadavg1} / ${result.machine.loadavg5} / ${result.machine.loadavg15} on ${result.machine.cores} cores at the end` : '';
  const loads = result.scenarios.flatMap((scenario) => Object.values(scenario.runs).map((run) => run.loadavg1));
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
    scenarioTable(result, postgres),
    '',
    `**Memory** (the server process, ${title}):`,
    '',
    memoryLines(result),
    '',
    `**Query plans** on the seeded data (EXPLAIN ANALYZE of the SQL each list request ran, captured by the app's query log): ${result.explain.ok ? 'every list reads tasks, features, comments, history and todos through indexes: **met**' : '**missed**: sequential scans found'}.`,
    '',
    explainTable(result.explain),
  ].join('\n');
}

export function webMarkdown(web: WebResult): string {
  const lines = ['### Front end', '', '| page | Lighthouse performance | accessibility | target | result |', '|---|--:|--:|---|---|'];
  for (const page of web.lighthouse) {
    const met = page.performance >= TARGETS.lighthousePerformance && page.accessibility >= TARGETS.lighthouseAccessibility;
    lines.push(`| ${page.name} | ${page.performance} | ${page.accessibility} | ≥ ${TARGETS.lighthousePerformance} and ${TARGETS.lighthouseAccessibility} | ${mark(met)} |`);
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
  results: BackendResult[];
  /** PostgreSQL results of an earlier run, when this one ran PGlite only. */
  reusedPostgres?: BackendResult & { startedAt: string };
  web: WebResult | undefined;
  skippedPostgres: string | undefined;
  machineAtStart: { loadavg1: number; loadavg5: number; loadavg15: number; cores: number };
};

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

/** Writes bench/results/<date>-<backend>.{json,md} (and -web) and refreshes docs/benchmarks.md. */
export function writeResults(summary: RunSummary): string[] {
  const date = summary.startedAt.toISOString().slice(0, 10);
  const suffix = summary.quick ? '-quick' : '';
  const dir = path.join(benchRoot, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const postgres = summary.results.find((result) => result.backend === 'postgres') ?? summary.reusedPostgres;
  const written: string[] = [];
  const meta = {
    startedAt: summary.startedAt.toISOString(),
    finishedAt: summary.finishedAt.toISOString(),
    minutes: round((summary.finishedAt.getTime() - summary.startedAt.getTime()) / 60_000, 1),
    node: process.version,
    machineAtStart: summary.machineAtStart,
  };
  for (const result of summary.results) {
    const base = path.join(dir, `${date}-${result.backend}${suffix}`);
    fs.writeFileSync(`${base}.json`, `${JSON.stringify({ ...meta, ...result }, null, 2)}\n`);
    fs.writeFileSync(`${base}.md`, `# Benchmark ${date}: ${result.backend}\n\n${backendMarkdown(result, postgres)}\n`);
    written.push(`${base}.json`, `${base}.md`);
  }
  if (summary.web) {
    const base = path.join(dir, `${date}-web${suffix}`);
    fs.writeFileSync(`${base}.json`, `${JSON.stringify({ ...meta, ...summary.web }, null, 2)}\n`);
    fs.writeFileSync(`${base}.md`, `# Benchmark ${date}: front end\n\n${webMarkdown(summary.web)}\n`);
    written.push(`${base}.json`, `${base}.md`);
  }
  if (summary.quick) return written;

  // docs/benchmarks.md: the generated block between the markers is replaced; the rest is prose.
  const docsPath = path.join(repoRoot, 'docs/benchmarks.md');
  const docs = fs.existsSync(docsPath) ? fs.readFileSync(docsPath, 'utf8') : `# Benchmarks\n\n${START}\n${END}\n`;
  const pglite = summary.results.find((result) => result.backend === 'pglite');
  const block = [
    START,
    '',
    `## Latest results (${date}, ${meta.minutes} min, Node ${process.version}; load average at start ${summary.machineAtStart.loadavg1} / ${summary.machineAtStart.loadavg5} / ${summary.machineAtStart.loadavg15} on ${summary.machineAtStart.cores} cores)`,
    '',
    summary.skippedPostgres ? `> ${summary.skippedPostgres}\n` : '',
    summary.reusedPostgres ? `> PostgreSQL: the run started ${summary.reusedPostgres.startedAt}; PGlite and the front end: this run.\n` : '',
    postgres ? backendMarkdown(postgres) : '',
    '',
    pglite ? backendMarkdown(pglite, postgres) : '',
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
