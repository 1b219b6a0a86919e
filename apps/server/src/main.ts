import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { EmbeddedPostgresError } from './db/embedded.js';
import { DataDirLockedError } from './db/lock.js';
import { describeReady } from './ready-line.js';
import { startServer } from './server.js';

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

  let server;
  try {
    server = await startServer(config, { onProgress: (message) => console.log(message) });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError) {
      log.fatal(error.message);
      console.error(error.message);
    } else {
      log.fatal({ err: error }, 'Tasklane could not start');
    }
    process.exit(1);
  }
  // For the person who ran `npm start`, besides the JSON logs.
  console.log(describeReady(config, (server.app.server.address() as AddressInfo).port));

  let isClosing = false;
  const shutdown = (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    server.app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forced = setTimeout(() => {
      server.app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
