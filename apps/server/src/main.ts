import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pino, { type Logger } from 'pino';
import { isServerProcess, runPrimary, throttlePeersOfWorker, workerRole } from './cluster.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { EmbeddedPostgresError } from './db/embedded.js';
import { DataDirLockedError } from './db/lock.js';
import { describeReady } from './ready-line.js';
import { startServer, type StartOptions } from './server.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });
  const onProgress = (message: string) => console.log(message);

  if (config.webConcurrency === 1) {
    const server = await serve(config, log, { onProgress });
    // For the person who ran `npm start`, besides the JSON logs.
    console.log(describeReady(config, (server.app.server.address() as AddressInfo).port));
    return;
  }
  if (isServerProcess()) {
    const role = workerRole();
    await serve(config, log, {
      worker: { embeddedUrl: role.embeddedUrl, runsHousekeeping: role.index === 0, throttlePeers: throttlePeersOfWorker() },
    });
    return;
  }
  try {
    await runPrimary({
      config,
      log,
      entry: fileURLToPath(import.meta.url),
      onProgress,
      onReady: (port) => console.log(describeReady(config, port)),
      shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS,
    });
  } catch (error) {
    failedToStart(log, error);
  }
}

/** The app in this process (the only one, or one server process of several): started, and stopped gracefully on SIGTERM and SIGINT. */
async function serve(config: Config, log: Logger, options: StartOptions) {
  let server;
  try {
    server = await startServer(config, options);
  } catch (error) {
    failedToStart(log, error);
  }
  const running = server;
  let isClosing = false;
  const shutdown = (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    running.app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forced = setTimeout(() => {
      running.app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    running
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        running.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return running;
}

function failedToStart(log: Logger, error: unknown): never {
  if (error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError) {
    log.fatal(error.message);
    console.error(error.message);
  } else {
    log.fatal({ err: error }, 'Tasklane could not start');
  }
  process.exit(1);
}

void main();
