import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { buildApp, loggerOptions, type App, type RequestQueries } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPostgres, type Database } from '../src/db/client.js';
import { connectPostgres, withDatabase } from '../src/db/connect.js';
import { TEMPLATE_DATABASE } from './global-setup.js';
import { secretInAuthorization, secretInSetCookie, secretsInAnswer, secretsInBody, secretsInLinks, writeAuditFiles } from './log-audit.js';
import type { EmailSenderSettings } from '../src/modules/email/email-sender.js';
import type { NotifierSettings } from '../src/modules/notifications/notifier.js';
import type { ReminderSettings } from '../src/modules/notifications/reminder-scheduler.js';
import type { NotificationMailerSettings } from '../src/modules/notification-email/notification-mailer.js';
import type { ServiceContext } from '../src/modules/context.js';
import type { ImportRunnerSettings } from '../src/modules/imports/import-runner.js';
import type { WebhookSenderSettings } from '../src/modules/webhooks/webhook-sender.js';
import { createDiskFileStore, type FileStore } from '../src/storage/file-store.js';

export type TestResponse<T = any> = { status: number; headers: Headers; body: T; text: string };

export type RequestOptions = {
  body?: unknown;
  /** A raw body sent as is (with the content-type header you give): text, bytes or a FormData. */
  rawBody?: string | Uint8Array | FormData;
  cookie?: string;
  headers?: Record<string, string>;
};

export type TestServer = {
  url: string;
  app: App;
  database: Database;
  config: Config;
  /** The services' context: the database, the configuration and the file store. */
  ctx: ServiceContext;
  /** Every log line the server wrote, as raw JSON text. */
  logs: string[];
  /** The URL of this server's database (another instance can open it too). */
  databaseUrl: string | undefined;
  /** The SQL each request ran, by request id (the x-request-id response header). */
  queries: Map<string, RequestQueries>;
  /** The SQL the request that gave `response` ran. */
  queriesOf(response: TestResponse): RequestQueries;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** A secret that passed through the server some other way (an SMTP password): the log audit checks it too. */
  auditSecret(secret: string): void;
  close(): Promise<void>;
};

/**
 * Where the API tests run: the run's embedded PostgreSQL server (global-setup.ts), or the
 * PostgreSQL server TEST_DATABASE_URL names when TEST_BACKEND=postgres (CI's Debian PostgreSQL 15,
 * so that an external server of an older version stays supported).
 */
export const backend: 'embedded' | 'postgres' = process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'embedded';

/** A URL to the test server's maintenance database, from which test databases are made and dropped. */
export function adminUrl(): string {
  if (backend === 'embedded') return inject('embeddedServerUrl');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_BACKEND=postgres needs TEST_DATABASE_URL');
  return url;
}

/**
 * An empty database of its own on the test server; drop() removes it. On the embedded server it
 * is a copy of the run's migrated template (`migrated`), else empty.
 */
export async function createScratchPostgres(options: { migrated?: boolean } = {}): Promise<{ url: string; isMigrated: boolean; drop(): Promise<void> }> {
  const admin = connectPostgres(adminUrl(), { max: 1 });
  const name = `tasklane_t_${randomBytes(6).toString('hex')}`;
  const fromTemplate = options.migrated === true && backend === 'embedded';
  await admin.unsafe(`create database ${name}${fromTemplate ? ` template ${TEMPLATE_DATABASE}` : ''}`);
  return {
    url: withDatabase(adminUrl(), name),
    isMigrated: fromTemplate,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function openTestDatabase(sharedUrl?: string): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (sharedUrl) {
    // Another instance on the database of a running test server: the first one drops it.
    return { database: await openPostgres(sharedUrl, 5), url: sharedUrl, async drop() {} };
  }
  const scratch = await createScratchPostgres({ migrated: true });
  const database = await openPostgres(scratch.url, 5);
  if (!scratch.isMigrated) await database.migrate();
  return { database, url: scratch.url, drop: scratch.drop };
}

export type TestServerOptions = {
  /** Wraps the disk store (to inject a storage failure). */
  files?: (disk: FileStore) => FileStore;
  /** Serve the database of another test server (a second app instance) instead of a fresh one. */
  databaseUrl?: string;
  /** false runs the app as in production (no query log; the health fast path on). */
  recordQueries?: boolean;
  /** The email outbox sender's waits, when `email` is configured (tests shorten retries). */
  emailSender?: Partial<EmailSenderSettings>;
  /** The notifier's settings (a short collapse window, a fast sweep). */
  notifier?: Partial<NotifierSettings>;
  /**
   * The reminder scheduler's interval and clock. Without them it looks once at start and then
   * hourly, so a file's tasks due today make no reminder the file does not ask for.
   */
  reminders?: Partial<ReminderSettings>;
  /** The notification email worker's settings, when `email` is configured (a short quiet delay, a fast poll). */
  notificationMailer?: Partial<NotificationMailerSettings>;
  /** The import runner's settings (a fast poll, small batches). */
  imports?: Partial<ImportRunnerSettings>;
  /** The webhook sender's settings (a short backoff, a fast poll), or enabled: false to leave it off. */
  webhookSender?: Partial<WebhookSenderSettings> & { enabled?: boolean };
};

/**
 * A real server on a free port with its own database: one per test file. Its uploads go to a
 * fresh temporary folder (unless `uploads` is overridden), removed on close.
 */
export async function startTestServer(overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const { database, url: databaseUrl, drop } = await openTestDatabase(options.databaseUrl);
  // Test files send thousands of requests from one address: the flood throttle has its own tests.
  const defaults = loadConfig({ LOG_LEVEL: 'info', API_RATE_LIMIT_PER_IP: '0' });
  const ownUploadDir = overrides.uploads ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-uploads-'));
  const config: Config = {
    ...defaults,
    ...overrides,
    uploads: overrides.uploads ?? { ...defaults.uploads, dir: ownUploadDir! },
  };
  const disk = createDiskFileStore(config.uploads.dir);
  const files = options.files ? options.files(disk) : disk;
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  const queries = new Map<string, RequestQueries>();
  const app = await buildApp({
    config,
    database,
    files,
    logger: { ...loggerOptions('info'), stream },
    verifyResponses: true,
    emailSender: options.emailSender,
    notifier: { sweepMs: 200, ...options.notifier },
    reminders: { intervalMs: 60 * 60_000, ...options.reminders },
    notificationMailer: options.notificationMailer,
    imports: { pollMs: 200, ...options.imports },
    webhookSender: { pollMs: 200, ...options.webhookSender },
    ...(options.recordQueries === false ? {} : { onRequestQueries: (entry: RequestQueries) => queries.set(entry.requestId, entry) }),
  });
  // What passed through this server and must never reach a log line (checked when the run ends).
  const secrets = new Set<string>();
  if (config.email) secrets.add(new URL(config.email.smtpUrl).password);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  return {
    url: address,
    app,
    database,
    config,
    ctx: { db: database.db, config, files },
    logs,
    databaseUrl,
    queries,
    queriesOf(response) {
      const id = response.headers.get('x-request-id') ?? '';
      const entry = queries.get(id);
      if (!entry) throw new Error(`No queries recorded for request ${id} (status ${response.status})`);
      return entry;
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body: string | Uint8Array | FormData | undefined = options.rawBody;
      secretsInBody(options.body, secrets);
      secretInAuthorization(headers, secrets);
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      if (options.cookie) headers.cookie = options.cookie;
      const response = await fetch(address + path, { method, headers, body, redirect: 'manual' });
      secretInSetCookie(response.headers.get('set-cookie'), secrets);
      const text = await response.text();
      secretsInLinks(text, secrets);
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      secretsInAnswer(parsed, secrets);
      return { status: response.status, headers: response.headers, body: parsed as any, text };
    },
    auditSecret(secret) {
      secrets.add(secret);
    },
    async close() {
      // Every test is done by now. A streamed download whose last bytes reached the client
      // before the server saw its file end still counts as active, and so does a connection a
      // client opened (without a request yet) while the server was closing: each would hold
      // close() for a keep-alive or headers timeout. Cut them until it is closed.
      const cut = setInterval(() => app.server.closeAllConnections(), 50);
      app.server.closeAllConnections();
      try {
        await app.close();
      } finally {
        clearInterval(cut);
      }
      writeAuditFiles(inject('logAuditDir'), logs, secrets);
      await database.close();
      await drop();
      if (ownUploadDir) fs.rmSync(ownUploadDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie pair ("name=value") from a response's Set-Cookie header. */
export function sessionCookieFrom(response: TestResponse): string {
  const header = response.headers.get('set-cookie') ?? '';
  const pair = header.split(';')[0] ?? '';
  // __Host-tasklane_session with COOKIE_SECURE on.
  if (!/^(__Host-)?tasklane_session=./.test(pair)) {
    throw new Error(`No session cookie in response (status ${response.status})`);
  }
  return pair;
}
