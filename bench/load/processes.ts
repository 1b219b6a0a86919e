import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { benchRoot, log, repoRoot, sleep } from '../lib/util.js';

export type Running = { process: ChildProcess; url: string; stop(): Promise<void> };
export type AppServer = Running & {
  /** Seconds from spawning the process to the first 200 from /api/v1/health. */
  startSeconds: number;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
}

/**
 * The production server as `npm start` runs it (apps/server/dist/main.js), configured only by
 * the environment: PORT and DATA_DIR without DATABASE_URL (the default install: the embedded
 * PostgreSQL in DATA_DIR), or DATABASE_URL. Its request log goes to /dev/null.
 */
export async function startAppServer(
  database: { dataDir: string } | { databaseUrl: string },
  options: { processes?: number; nodeOptions?: string } = {},
): Promise<AppServer> {
  const processes = options.processes ?? 1;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: 'databaseUrl' in database ? database.databaseUrl : '',
    // The load comes from one address, thousands of times a second: the per-address limits
    // (sign-ins, and the API flood throttle) would answer 429, so they are off for the bench.
    // So is the address's sign-in failure window: every attempt in flight holds a place in it
    // until its password is checked, and 50 connections are more than its 20 places.
    AUTH_RATE_LIMIT_PER_IP: '100000000',
    LOGIN_MAX_FAILURES_PER_IP: '100000000',
    API_RATE_LIMIT_PER_IP: '0',
  };
  // Several server processes (node:cluster) sharing the port; 1 is the default install.
  env.WEB_CONCURRENCY = String(processes);
  if ('dataDir' in database) env.DATA_DIR = database.dataDir;
  else delete env.DATA_DIR;
  delete env.LOG_LEVEL;
  delete env.NODE_OPTIONS;
  // A run that wants to bound the server's heap (bench/export.ts) says so explicitly.
  if (options.nodeOptions) env.NODE_OPTIONS = options.nodeOptions;
  const spawnedAt = performance.now();
  // With several processes, health answers once the first serves: the ready line on stdout says
  // when all do. Read then discarded (one process logs to /dev/null, as before).
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', processes > 1 ? 'pipe' : 'ignore', 'pipe'],
  });
  let isReady = processes === 1;
  let seen = '';
  child.stdout?.on('data', (chunk) => {
    if (isReady) return;
    seen = (seen + String(chunk)).slice(-100_000);
    if (seen.includes('Tasklane is ready at ')) isReady = true;
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  let isStopping = false;
  child.once('exit', (code, signal) => {
    if (!isStopping) log(`THE SERVER EXITED during the run (code ${code}, signal ${signal}); its last words:\n${stderr.slice(-4000)}`);
  });
  // Polled often: the time to the first healthy answer is the start time the bench reports.
  const deadline = spawnedAt + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok && isReady) {
        const startSeconds = (performance.now() - spawnedAt) / 1000;
        const stop = stopper(child);
        return {
          process: child,
          url,
          startSeconds,
          stop: () => {
            isStopping = true;
            return stop();
          },
        };
      }
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become healthy: ${stderr}`);
}

/** The raw node:http baseline, in its own process. */
export async function startRawServer(): Promise<Running> {
  const child = spawn(process.execPath, [path.join(benchRoot, 'load/raw-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`raw server exited ${code}`)));
  });
  return { process: child, url: `http://127.0.0.1:${port}`, stop: stopper(child) };
}

export type LoadResult = {
  requestsPerSecond: number;
  requestsTotal: number;
  latencyP50: number;
  latencyP99: number;
  latencyAverage: number;
  latencyMax: number;
  errors: number;
  non2xx: number;
  socketErrors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  throughputBytesPerSecond: number;
};

/** One autocannon run in a child process. */
export function runAutocannon(job: { url: string; connections: number; duration: number; requests: unknown[] }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(benchRoot, 'load/autocannon-worker.mjs'), JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadResult);
      } catch (error) {
        reject(new Error(`autocannon printed no result: ${out} ${err} ${String(error)}`));
      }
    });
  });
}
