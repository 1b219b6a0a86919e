import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type postgres from 'postgres';
import { migrationsDir } from '../paths.js';
import { connectPostgres } from './connect.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.js';
import { EMBEDDED_DATABASE, prepareAppDatabase } from './embedded-database.js';

export { EMBEDDED_DATABASE } from './embedded-database.js';
import * as schema from './schema.js';
import { lockDataDir } from './lock.js';
import { noteTransaction, queryLogger } from './query-log.js';
import { loadPgliteExtensions } from './pglite-extensions.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  /**
   * One connection of its own for the background workers' rounds and polls (notifier, reminders,
   * mail, webhooks, the import runner's claim): their steady polling never keeps the request
   * pool's connections from closing when idle. Work on it must never wait for another of its
   * queries (it has one connection): a worker that needs more runs on `db`. Without it, `db`.
   */
  background?: Db;
  /** embedded: the PostgreSQL server the app runs itself (embedded.ts); postgres: DATABASE_URL. */
  kind: 'embedded' | 'postgres' | 'pglite';
  /** Applies every pending migration; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /**
   * LISTENs on `channel` and calls `onNotify` with each payload, in commit order. On PostgreSQL
   * the listening connection is a dedicated one; when it is lost it is reopened (retrying with
   * a growing pause) and `onResumed` is called once it listens again, since notifications sent
   * meanwhile are lost. Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

// Any constant would do: it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 727_465_001;

/**
 * A pooled connection idle this long is closed (postgres.js opens one again when needed). A burst
 * of requests, or the background workers' first rounds at start, open up to the pool's size; each
 * connection is a PostgreSQL process of 10-20 MB, and on the embedded server they are the
 * install's (issue 15's idle memory). Under load connections are never idle this long.
 */
export const POOL_IDLE_TIMEOUT_SECONDS = 20;

/**
 * The background workers' connection is opened afresh this often (postgres.js ends it once idle
 * past this age and opens another on the next poll). A PostgreSQL backend keeps the memory its
 * largest work needed: after the bench's soak the workers' connection held 60 MB of its own
 * while a fresh one holds about 1 MB, and the workers poll too often for the idle timeout to
 * ever close it (decision 050). A new connection costs a few milliseconds.
 */
export const BACKGROUND_CONNECTION_LIFETIME_SECONDS = 30;

export async function openPostgres(
  url: string,
  poolSize = 10,
  options: { preparedStatements?: boolean; backgroundLifetimeSeconds?: number } = {},
): Promise<Database> {
  const pool = connectPostgres(url, { max: poolSize, idle_timeout: POOL_IDLE_TIMEOUT_SECONDS });
  const client = options.preparedStatements === false ? pool : preparingStatements(pool);
  const db = observed(drizzlePostgres(client, { schema, logger: queryLogger }) as unknown as Db);
  const single = connectPostgres(url, { max: 1, idle_timeout: POOL_IDLE_TIMEOUT_SECONDS, max_lifetime: options.backgroundLifetimeSeconds ?? BACKGROUND_CONNECTION_LIFETIME_SECONDS });
  const backgroundClient = options.preparedStatements === false ? single : preparingStatements(single);
  const background = observed(drizzlePostgres(backgroundClient, { schema, logger: queryLogger }) as unknown as Db);
  return {
    db,
    background,
    kind: 'postgres',
    migrate: () => migratePostgresDatabase(url),
    listen: (channel, onNotify, onResumed) => listenPostgres(url, channel, onNotify, onResumed),
    close: once(async () => {
      await Promise.all([client.end({ timeout: 5 }), backgroundClient.end({ timeout: 5 })]);
    }),
  };
}

export type EmbeddedDatabaseOptions = {
  dataDir: string;
  poolSize?: number;
  preparedStatements?: boolean;
  /** false for tests only (fsync off). */
  durable?: boolean;
  onProgress?: (message: string) => void;
};

/** The app's database in the embedded server: the data directory's lock, the server, then a pool to it. */
export async function openEmbedded(options: EmbeddedDatabaseOptions): Promise<Database> {
  const embedded = await startEmbeddedDatabase(options);
  try {
    const database = await openPostgres(embedded.url, options.poolSize ?? 10, { preparedStatements: options.preparedStatements });
    return {
      ...database,
      kind: 'embedded',
      close: once(async () => {
        try {
          await database.close();
        } finally {
          await embedded.close();
        }
      }),
    };
  } catch (error) {
    await embedded.close().catch(() => {});
    throw error;
  }
}

export type EmbeddedDatabase = {
  /** The app's database, through the server's socket (what each server process connects to). */
  url: string;
  /** Stops the server, then releases the data directory's lock. */
  close(): Promise<void>;
};

/**
 * The embedded server holding the app's database, without a pool: what openEmbedded builds on,
 * and what the primary process of several (WEB_CONCURRENCY) runs for its workers to connect to.
 * Only the process that holds the data directory's lock may start or stop the server.
 */
export async function startEmbeddedDatabase(options: Omit<EmbeddedDatabaseOptions, 'poolSize' | 'preparedStatements'>): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const release = await lockDataDir(dataDir);
  let server: EmbeddedServer | undefined;
  try {
    server = await startEmbeddedPostgres({ dataDir, durable: options.durable, onProgress: options.onProgress });
    await prepareAppDatabase(server, dataDir, options.onProgress);
    const running = server;
    return {
      url: server.urlFor(EMBEDDED_DATABASE),
      close: once(async () => {
        try {
          await running.stop();
        } finally {
          release();
        }
      }),
    };
  } catch (error) {
    await server?.stop().catch(() => {});
    release();
    throw error;
  }
}

/**
 * Applies the migrations of `migrationsFolder` (the app's, or the first few of them when a
 * restore rebuilds an older backup's schema) that the database at `url` lacks. Several instances
 * may start together: the advisory lock lets one migrate at a time. It belongs to a session, so
 * migrations run on one dedicated connection.
 */
export async function migratePostgresDatabase(url: string, migrationsFolder = migrationsDir): Promise<void> {
  const single = connectPostgres(url, { max: 1 });
  try {
    await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres(single), { migrationsFolder });
  } finally {
    await single.end({ timeout: 5 });
  }
}

/** PGlite in process. dataDir undefined keeps everything in memory (tests). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  let release = () => {};
  let dataPath: string | undefined;
  if (options.dataDir) {
    release = await lockDataDir(options.dataDir);
    dataPath = path.join(options.dataDir, 'pglite');
  }
  // Loaded here, not at the top: only tests and the one-time upgrade open a PGlite database.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dataPath, loadDataDir: options.loadDataDir, extensions: await loadPgliteExtensions() });
  } catch (error) {
    release();
    throw error;
  }
  const db = observed(drizzlePglite(client, { schema, logger: queryLogger }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir });
    },
    async listen(channel, onNotify) {
      // In process, on the one connection: nothing to lose, nothing to reopen.
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: once(async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    }),
  };
}

const LISTEN_RETRY_MS = { first: 250, max: 5_000 };

/** A dedicated LISTEN connection that reopens itself (postgres.js re-listens only once, and not after a failed attempt). */
async function listenPostgres(url: string, channel: string, onNotify: (payload: string) => void, onResumed?: () => void) {
  let isStopped = false;
  let isReopening = false;
  let retryMs = LISTEN_RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;
  const onnotify = (name: string, payload: string) => {
    if (name === channel) onNotify(payload);
  };
  // onnotify is what postgres.js's own listen() uses; its types do not name it.
  const listener = connectPostgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onclose: () => reopen(),
    ...({ onnotify } as object),
  });
  const start = () => listener`listen ${listener(channel)}`;
  function reopen() {
    if (isStopped || isReopening) return;
    isReopening = true;
    timer = setTimeout(async () => {
      try {
        await start();
        isReopening = false;
        retryMs = LISTEN_RETRY_MS.first;
        onResumed?.();
      } catch {
        isReopening = false;
        retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
        reopen();
      }
    }, retryMs);
    timer.unref();
  }
  await start();
  return async () => {
    isStopped = true;
    clearTimeout(timer);
    await listener.end({ timeout: 1 });
  };
}

/** Every statement goes through the query log (see query-log.ts); transactions are counted too. */
function observed(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    noteTransaction();
    return transaction(work, config);
  }) as Db['transaction'];
  return db;
}

type Sql = postgres.Sql | postgres.TransactionSql;

/**
 * Drizzle sends every statement it did not name as an unnamed one, which PostgreSQL parses and
 * plans again each time: for the app's short queries that costs more than running them. This
 * makes postgres.js prepare each statement once per connection (keyed by its text; the set of
 * texts is the app's, bounded) and then only bind and execute it. Transactions and savepoints
 * get the same treatment. Measured in bench: the session lookup every request makes went from
 * about 1,600 to 6,000 requests a second on 2 cores.
 */
function preparingStatements<T extends Sql>(sql: T): T {
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = ((query: string, params?: unknown[], queryOptions?: { prepare?: boolean }) =>
    unsafe(query, params as postgres.ParameterOrJSON<never>[], { ...queryOptions, prepare: true })) as T['unsafe'];
  const withPreparing = (work: (inner: Sql) => unknown) => (inner: Sql) => work(preparingStatements(inner));
  if ('begin' in sql) {
    const begin = sql.begin.bind(sql) as (...args: unknown[]) => Promise<unknown>;
    (sql as postgres.Sql).begin = ((...args: unknown[]) => {
      const work = args.pop() as (inner: Sql) => unknown;
      return begin(...args, withPreparing(work));
    }) as postgres.Sql['begin'];
  }
  if ('savepoint' in sql) {
    const savepoint = sql.savepoint.bind(sql) as (...args: unknown[]) => Promise<unknown>;
    (sql as postgres.TransactionSql).savepoint = ((...args: unknown[]) => {
      const work = args.pop() as (inner: Sql) => unknown;
      return savepoint(...args, withPreparing(work));
    }) as postgres.TransactionSql['savepoint'];
  }
  return sql;
}

/** Closing twice (a signal during shutdown, a test that closed early) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
