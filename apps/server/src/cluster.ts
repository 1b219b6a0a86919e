import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { migratePostgresDatabase, startEmbeddedDatabase, type EmbeddedDatabase } from './db/client.js';
import type { Spent, ThrottlePeers } from './http/request-throttle.js';
import { prepareUploadDir } from './storage/file-store.js';

/**
 * WEB_CONCURRENCY > 1: one primary process and that many server processes sharing the port
 * (node:cluster; the primary accepts connections and hands them out in turn). Decision 014.
 *
 * The primary serves nothing. It holds what must exist once: DATA_DIR's lock and the embedded
 * PostgreSQL (without DATABASE_URL), and the migrations, run before any server process starts.
 * Each server process is the whole app (its own pool, LISTEN connection and event streams)
 * connected to that database. Sessions, sign-in limits and live events are in PostgreSQL, as
 * between instances; the API flood throttle, kept in memory, is shared through the primary.
 */

/** What the primary tells each server process it starts (in its environment: it needs it before anything else). */
export type WorkerRole = {
  /** Its place, 0..N-1; a replacement takes the place of the process it replaces. */
  index: number;
  /** The embedded database's socket URL; undefined with DATABASE_URL (every process connects to it). */
  embeddedUrl: string | undefined;
};

const ROLE_VARIABLE = 'TASKLANE_SERVER_PROCESS';
const THROTTLE_MESSAGE = 'tasklane:throttle-spent';
/** A process that ran this long before it died is replaced at once; quicker deaths wait longer each time. */
const STABLE_MS = 30_000;
const RESTART_DELAY_MS = { first: 1_000, max: 30_000 };

export const isServerProcess = () => cluster.isWorker;

/** In a server process: what the primary said. Not configuration, so read here and not in config.ts. */
export function workerRole(): WorkerRole {
  const raw = process.env[ROLE_VARIABLE];
  if (!raw) throw new Error(`A Tasklane server process was started without ${ROLE_VARIABLE}`);
  return JSON.parse(raw) as WorkerRole;
}

/** In a server process: the API throttle shared with the others through the primary. */
export function throttlePeersOfWorker(): ThrottlePeers {
  return {
    publish(spent) {
      if (process.connected) process.send?.({ type: THROTTLE_MESSAGE, spent });
    },
    subscribe(onSpent) {
      const listener = (message: unknown) => {
        if (isThrottleMessage(message)) onSpent(message.spent);
      };
      process.on('message', listener);
      return () => process.off('message', listener);
    },
  };
}

function isThrottleMessage(message: unknown): message is { type: string; spent: Spent } {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === THROTTLE_MESSAGE;
}

type Slot = { index: number; worker: Worker | undefined; startedAt: number; quickDeaths: number; timer?: NodeJS.Timeout };

export type PrimaryOptions = {
  config: Config;
  log: Logger;
  /** The module each server process runs (main's own file: `npm start` runs it through another). */
  entry: string;
  onProgress: (message: string) => void;
  /** Once every process listens, the first time: the port (PORT=0 picks one). */
  onReady: (port: number) => void;
  shutdownTimeoutMs: number;
};

/**
 * The primary: database and migrations, then the server processes, replaced when one dies
 * (sooner or later, so that a crash at start cannot spin), and stopped on SIGTERM and SIGINT:
 * each finishes its requests in flight, then the embedded database stops and the lock goes.
 * Resolves once it is serving; exits the process itself on shutdown or a failed start.
 */
export async function runPrimary({ config, log, entry, onProgress, onReady, shutdownTimeoutMs }: PrimaryOptions): Promise<void> {
  let embedded: EmbeddedDatabase | undefined;
  try {
    if (config.databaseUrl) {
      await migratePostgresDatabase(config.databaseUrl);
    } else {
      embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, onProgress });
      await migratePostgresDatabase(embedded.url);
    }
    await prepareUploadDir(config.uploads.dir);
  } catch (error) {
    await embedded?.close().catch(() => {});
    throw error;
  }

  const processes = config.webConcurrency;
  const slots: Slot[] = Array.from({ length: processes }, (_, index) => ({ index, worker: undefined, startedAt: 0, quickDeaths: 0 }));
  const slotOf = (worker: Worker) => slots.find((slot) => slot.worker === worker);
  let listening = 0;
  let isReady = false;
  let isClosing = false;
  // Server processes inherit the primary's arguments to node (--import tsx in development).
  cluster.setupPrimary({ exec: entry, args: [] });

  const start = (slot: Slot) => {
    slot.timer = undefined;
    slot.startedAt = Date.now();
    const role: WorkerRole = { index: slot.index, embeddedUrl: embedded?.url };
    slot.worker = cluster.fork({ [ROLE_VARIABLE]: JSON.stringify(role) });
  };

  cluster.on('listening', (worker, address) => {
    const slot = slotOf(worker);
    if (!slot || isClosing) return;
    if (isReady) {
      log.info({ workerPid: worker.process.pid, slot: slot.index }, 'a replacement server process is serving');
      return;
    }
    listening += 1;
    if (listening === processes) {
      isReady = true;
      log.info({ processes }, 'every server process is serving');
      onReady(address.port);
    }
  });

  // The API throttle's counts, from each server process to the others.
  cluster.on('message', (from, message: unknown) => {
    if (!isThrottleMessage(message)) return;
    for (const slot of slots) {
      const worker = slot.worker;
      if (worker && worker !== from && worker.isConnected()) worker.send(message, undefined, () => {});
    }
  });

  let closing: Promise<void> | undefined;
  const stopAll = (exitCode: number, reason: string) => {
    if (closing) return;
    isClosing = true;
    log.info({ reason }, 'shutting down: every server process finishes its requests in flight');
    for (const slot of slots) clearTimeout(slot.timer);
    const alive = slots.map((slot) => slot.worker).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
    const forced = setTimeout(() => {
      log.error('shutdown timed out; stopping the server processes that are left');
      for (const worker of alive) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, shutdownTimeoutMs + 2_000);
    forced.unref();
    const allExited = Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) resolve();
            else worker.once('exit', () => resolve());
          }),
      ),
    );
    for (const worker of alive) worker.process.kill('SIGTERM');
    closing = allExited
      .then(() => embedded?.close())
      .then(
        () => process.exit(exitCode),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = slotOf(worker);
    if (!slot || isClosing) return;
    slot.worker = undefined;
    if (!isReady) {
      // A process that cannot start (the port is taken, the database refuses) will not do better
      // the next time: the start fails, as it would with one process. Its own message is above.
      log.fatal({ workerPid: worker.process.pid, code, signal }, 'a server process could not start');
      console.error(`Tasklane could not start: a server process exited (${signal ?? `code ${code}`}) before serving; its message is above.`);
      stopAll(1, 'a server process could not start');
      return;
    }
    const lived = Date.now() - slot.startedAt;
    slot.quickDeaths = lived >= STABLE_MS ? 0 : slot.quickDeaths + 1;
    const delay = slot.quickDeaths === 0 ? 0 : Math.min(RESTART_DELAY_MS.max, RESTART_DELAY_MS.first * 2 ** (slot.quickDeaths - 1));
    log.error(
      { workerPid: worker.process.pid, slot: slot.index, code, signal, livedMs: lived, restartInMs: delay },
      `a server process exited unexpectedly (${signal ?? `code ${code}`}); starting another${delay ? ` in ${delay / 1000} s` : ''}`,
    );
    slot.timer = setTimeout(() => start(slot), delay);
  });

  process.on('SIGTERM', () => stopAll(0, 'SIGTERM'));
  process.on('SIGINT', () => stopAll(0, 'SIGINT'));
  for (const slot of slots) start(slot);
}
