import type { Config } from './config.js';
import { buildApp, type App, type BuildAppOptions } from './app.js';
import { openEmbedded, openPostgres, type Database } from './db/client.js';
import { startIdleCollector } from './idle-memory.js';
import { startHousekeeping } from './modules/housekeeping/housekeeping.service.js';
import { createDiskFileStore, prepareUploadDir } from './storage/file-store.js';

export type RunningServer = { app: App; database: Database; url: string; close(): Promise<void> };

export type StartOptions = {
  /** What a person starting the app should read meanwhile ('Creating the embedded database...'). */
  onProgress?: (message: string) => void;
  /**
   * One server process of several (WEB_CONCURRENCY, cluster.ts): the primary process has run the
   * migrations and, without DATABASE_URL, runs the embedded server, reached at `embeddedUrl`.
   */
  worker?: {
    embeddedUrl: string | undefined;
    /** The one process of the set that runs the hourly housekeeping. */
    runsHousekeeping: boolean;
    throttlePeers: BuildAppOptions['throttlePeers'];
  };
};

export async function openDatabase(config: Config, options: StartOptions = {}): Promise<Database> {
  const pool = { poolSize: config.databasePoolSize, preparedStatements: config.databasePreparedStatements };
  const embeddedUrl = options.worker?.embeddedUrl;
  if (embeddedUrl) return { ...(await openPostgres(embeddedUrl, pool.poolSize, pool)), kind: 'embedded' };
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, pool.poolSize, pool)
    : openEmbedded({ dataDir: config.dataDir, ...pool, onProgress: options.onProgress });
}

/** Opens and migrates the database, builds the app and listens: what `npm start` runs. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const database = await openDatabase(config, options);
  let app: App | undefined;
  try {
    if (!options.worker) await database.migrate();
    // A folder that cannot be created or written fails the start, not the first upload.
    await prepareUploadDir(config.uploads.dir);
    const files = createDiskFileStore(config.uploads.dir);
    app = await buildApp({ config, database, files, throttlePeers: options.worker?.throttlePeers });
    if (options.worker?.runsHousekeeping ?? true) {
      const stopHousekeeping = startHousekeeping({ db: database.db, config, files }, app.log);
      app.addHook('onClose', async () => stopHousekeeping());
    }
    if (config.email && !config.publicUrl) {
      // Links then name whatever Host a request carried: a forged Host could point one elsewhere.
      app.log.warn('SMTP_URL is set without PUBLIC_URL: reset links in emails name the address each request was sent to; set PUBLIC_URL to the app\'s address');
    }
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info({ database: database.kind, address }, 'Tasklane is listening');
    // The heap grown by a busy spell is handed back once requests go quiet (decision 050).
    const stopIdleCollector = startIdleCollector(app.server, app.log);
    return {
      app,
      database,
      url: address,
      async close() {
        // Stops accepting, lets requests in flight finish, then closes the database. A
        // connection that goes idle meanwhile (a download whose last bytes just left) is
        // closed then, not after the keep-alive timeout.
        stopIdleCollector();
        const closeIdle = setInterval(() => app!.server.closeIdleConnections(), 100);
        try {
          await app!.close();
        } finally {
          clearInterval(closeIdle);
        }
        await database.close();
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
