import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { round } from './util.js';

/**
 * CPU time and memory of groups of processes, read from /proc (Linux only): the CPU per request
 * of the server and of the database, and the resident memory of the whole install (issue 15).
 */

/** Clock ticks a second, the unit of utime and stime in /proc/<pid>/stat (normally 100). */
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

type Stat = { pid: number; ppid: number; ticks: number; childTicks: number };

function readStat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields count from after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3]);
  return { pid, ppid: at(4), ticks: at(14) + at(15), childTicks: at(16) + at(17) };
}

function allStats(): Stat[] {
  const stats: Stat[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.push(stat);
  }
  return stats;
}

/** `root` and every process below it. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const stat of allStats()) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/**
 * The processes whose CPU and memory count as one side (the server, or the database) at this
 * moment. `reaper`: a process all of whose children are the group's own, so that the CPU of
 * children that ended during a run (reaped into its cutime and cstime) is counted too.
 */
export type Members = { pids: number[]; reaper?: number };
export type ProcessGroup = { describe: string; members(): Members | undefined };

export function singleProcess(describe: string, pid: number): ProcessGroup {
  return { describe, members: () => ({ pids: [pid] }) };
}

/**
 * The app as `npm start` runs it with WEB_CONCURRENCY: its process (the primary, or the only one)
 * and the server processes under it (node running the same main.js); not the embedded
 * PostgreSQL or its watchdog, which are its children too.
 */
export function appProcesses(pid: number): ProcessGroup {
  return {
    describe: 'the app: its process (node apps/server/dist/main.js; with WEB_CONCURRENCY > 1 the primary) and every server process under it',
    members() {
      const main = commandLine(pid);
      const pids = [pid, ...allStats().filter((stat) => stat.ppid === pid && commandLine(stat.pid) === main).map((stat) => stat.pid)];
      return { pids };
    },
  };
}

/** The embedded server of a DATA_DIR: its postmaster (from postmaster.pid) and all its children. */
export function embeddedDatabase(dataDir: string): ProcessGroup {
  return {
    describe: 'the embedded PostgreSQL server: its postmaster (DATA_DIR/postgres/postmaster.pid) and all its children',
    members() {
      const postmaster = postmasterOf(path.join(dataDir, 'postgres'));
      return postmaster ? { pids: descendants(postmaster), reaper: postmaster } : undefined;
    },
  };
}

function postmasterOf(clusterDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && readStat(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '']);

/**
 * An external PostgreSQL that is a Debian cluster on this machine (pg_lsclusters lists one on the
 * URL's port), as a group: its postmaster and background processes, and the connections to
 * `database` only, since other databases on a shared server are other people's work. Children
 * that end during a run are not counted (the postmaster's cutime holds everyone's). Undefined
 * (CPU unknown) when the server is elsewhere or not a Debian cluster.
 */
export function externalDatabase(url: string, database: string): ProcessGroup | { unknown: string } {
  const parsed = new URL(url);
  const socket = parsed.searchParams.get('host');
  if (!LOCAL_HOSTS.has(parsed.hostname) && !socket?.startsWith('/')) return { unknown: `the server (${parsed.hostname}) is not on this machine` };
  const port = Number(parsed.port || 5432);
  let listing: string;
  try {
    listing = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  } catch {
    return { unknown: 'pg_lsclusters is not available (not a Debian PostgreSQL)' };
  }
  // Ver Cluster Port Status Owner Data-directory Log-file
  const cluster = listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((columns) => Number(columns[2]) === port && columns[3]?.startsWith('online'));
  if (!cluster) return { unknown: `no online Debian cluster listens on port ${port}` };
  const [version, name, , , , dataDir] = cluster as [string, string, string, string, string, string];
  return {
    describe: `the local Debian cluster ${version}/${name}: its postmaster, background processes and the connections to ${database}`,
    members() {
      const postmaster = postmasterOf(dataDir);
      if (!postmaster) return undefined;
      const pids = descendants(postmaster).filter((pid) => {
        // A connection's title: "postgres: 15/main: user database host(port) state".
        const connection = /^postgres: (?:\d+\/\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/.exec(commandLine(pid));
        return !connection || connection[1] === database;
      });
      return { pids };
    },
  };
}

export type CpuSnapshot = { ticks: Map<number, number>; kinds: Map<number, string>; reaped: number };

/**
 * What a PostgreSQL process is, from its title: a client's connection, an autovacuum worker,
 * one of the server's background processes (checkpointer, background writer, WAL writer, the
 * launchers), or the postmaster itself. Other processes (the app's) are "process".
 */
export function processKind(pid: number): string {
  const title = commandLine(pid);
  if (/autovacuum worker/.test(title)) return 'autovacuum';
  if (/^postgres: .*(?:\[local\]|\(\d+\))/.test(title)) return 'connections';
  if (/^postgres: /.test(title)) return 'background';
  if (/(?:^|\/)postgres(?: |$)/.test(title)) return 'postmaster';
  return 'process';
}

export function cpuSnapshot(group: ProcessGroup | undefined, withKinds = false): CpuSnapshot | undefined {
  const members = group?.members();
  if (!members) return undefined;
  const ticks = new Map<number, number>();
  const kinds = new Map<number, string>();
  for (const pid of members.pids) {
    const stat = readStat(pid);
    if (!stat) continue;
    ticks.set(pid, stat.ticks);
    if (withKinds) kinds.set(pid, processKind(pid));
  }
  return { ticks, kinds, reaped: members.reaper ? (readStat(members.reaper)?.childTicks ?? 0) : 0 };
}

/**
 * The same as cpuMsBetween, split by process kind (processKind; a process's kind as the later
 * snapshot saw it, else the earlier). "ended": children that ended in between (autovacuum
 * workers, closed connections), known only where the group has a reaper (the embedded server).
 */
export function cpuMsByKind(before: CpuSnapshot | undefined, after: CpuSnapshot | undefined): Record<string, number> | undefined {
  if (!before || !after) return undefined;
  const byKind: Record<string, number> = {};
  const add = (kind: string, ticks: number) => {
    byKind[kind] = (byKind[kind] ?? 0) + (ticks * 1000) / CLOCK_TICKS;
  };
  for (const [pid, now] of after.ticks) add(after.kinds.get(pid) ?? before.kinds.get(pid) ?? 'process', now - (before.ticks.get(pid) ?? 0));
  let gone = 0;
  for (const [pid, then] of before.ticks) if (!after.ticks.has(pid)) gone += then;
  add('ended', Math.max(0, after.reaped - before.reaped - gone));
  return byKind;
}

/**
 * Milliseconds of CPU the group spent between two snapshots: each process's own time since the
 * first (all of it for a process that started in between), plus what children that ended in
 * between spent after the first snapshot (the reaper's children time, less what they had then).
 */
export function cpuMsBetween(before: CpuSnapshot | undefined, after: CpuSnapshot | undefined): number | undefined {
  if (!before || !after) return undefined;
  let ticks = 0;
  for (const [pid, now] of after.ticks) ticks += now - (before.ticks.get(pid) ?? 0);
  let gone = 0;
  for (const [pid, then] of before.ticks) if (!after.ticks.has(pid)) gone += then;
  ticks += Math.max(0, after.reaped - before.reaped - gone);
  return (ticks * 1000) / CLOCK_TICKS;
}

function statusKb(pid: number, field: string, file = 'status'): number | undefined {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/${file}`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in MB (VmRSS). */
export function rssMb(pid: number): number | undefined {
  const kb = statusKb(pid, 'VmRSS');
  return kb === undefined ? undefined : round(kb / 1024, 1);
}

/**
 * Resident memory of a group: the sum of VmRSS (what issue 15's target counts; shared memory is
 * counted once per process that touched it, so PostgreSQL's shared buffers count several times)
 * and the sum of Pss (shared pages divided among the processes sharing them: the fairer figure).
 */
export function groupMemory(group: ProcessGroup | undefined): { rssMb: number; pssMb: number | undefined; processes: number } | undefined {
  const members = group?.members();
  if (!members) return undefined;
  let rss = 0;
  let pss: number | undefined = 0;
  let processes = 0;
  for (const pid of members.pids) {
    const kb = statusKb(pid, 'VmRSS');
    if (kb === undefined) continue;
    rss += kb;
    processes += 1;
    const share = statusKb(pid, 'Pss', 'smaps_rollup');
    pss = pss === undefined || share === undefined ? undefined : pss + share;
  }
  return { rssMb: round(rss / 1024, 1), pssMb: pss === undefined ? undefined : round(pss / 1024, 1), processes };
}
