import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebDist } from './paths.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const positiveInt = z.coerce.number().int().positive();

/** The most server processes WEB_CONCURRENCY may ask for (beyond a machine's cores they only cost memory). */
export const MAX_PROCESSES = 64;
/** Default PostgreSQL connections per server process. */
const DEFAULT_POOL_SIZE = 10;
/**
 * Of the embedded server's max_connections (100, embedded.ts), what the app's server processes
 * may hold between them: the rest stays free for a backup, psql and the superuser's reserve.
 */
export const EMBEDDED_APP_CONNECTIONS = 90;

/**
 * Each server process has its own pool plus two connections: the one that LISTENs and the
 * background workers' (db/client.ts). On the embedded server they must fit together in
 * EMBEDDED_APP_CONNECTIONS: the default pool shrinks to fit (10 each up to 7 processes), and a
 * DATABASE_POOL_SIZE that cannot fit is refused at start rather than failing requests later with
 * "too many clients". An external server's limit is its own (README).
 */
const CONNECTIONS_BESIDE_THE_POOL = 2;

/** An http(s) URL naming an origin only: no path, query or fragment (a trailing slash is fine). */
function isOriginUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * SMTP_URL as nodemailer takes it: smtp://user:pass@host:587 (STARTTLS when the server offers
 * it) or smtps://user:pass@host:465 (TLS from the start). Its messages never repeat the value:
 * it carries the SMTP password.
 */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** "Name <address>" or a bare address, as a From header takes it (no line breaks). */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: positiveInt.optional().or(z.literal('').transform(() => undefined)),
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  COOKIE_SECURE: booleanFlag.default(false),
  TRUST_PROXY: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ALLOWED_ORIGINS: z.string().default(''),
  PUBLIC_URL: z
    .string()
    .refine(isOriginUrl, { message: 'must be the app origin, such as https://tasks.example.com (http or https, no path)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => value === '' || isSmtpUrl(value), {
      message: 'must be an SMTP server URL such as smtp://user:password@mail.example.com:587 or smtps://user:password@mail.example.com:465',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine((value) => value === '' || MAIL_FROM_PATTERN.test(value), {
      message: 'must be an address such as tasklane@example.com or "Tasklane <tasklane@example.com>"',
    })
    .optional(),
  SESSION_TTL_DAYS: positiveInt.default(30),
  AUTH_RATE_LIMIT_PER_IP: positiveInt.default(60),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  API_RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(1200),
  API_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  API_TOKEN_RATE_LIMIT_PER_TOKEN: z.coerce.number().int().min(0).default(600),
  API_TOKEN_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  LOGIN_MAX_FAILURES: positiveInt.default(10),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(20),
  LOGIN_FAILURE_WINDOW_SECONDS: positiveInt.default(15 * 60),
  WEB_DIST: z.string().optional(),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_FILE_MB: positiveInt.max(10_240).default(25),
  UPLOAD_MAX_FILES: positiveInt.max(100).default(10),
  EVENT_STREAMS_PER_ADDRESS: positiveInt.max(1_000_000).default(100),
  EVENT_STREAMS_MAX: positiveInt.max(1_000_000).default(5000),
  REMINDER_INTERVAL_SECONDS: positiveInt.max(24 * 60 * 60).default(60),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .refine((value) => value === '' || value.toLowerCase() === 'auto' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_PROCESSES), {
      message: `must be a whole number of server processes from 1 to ${MAX_PROCESSES}, or auto (one per CPU core)`,
    })
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections of each server process's pool (it also holds one that LISTENs). */
  databasePoolSize: number;
  /** Server processes sharing the port (WEB_CONCURRENCY; node:cluster when more than 1). */
  webConcurrency: number;
  /** Named prepared statements on PostgreSQL (off behind a pooler that cannot keep them). */
  databasePreparedStatements: boolean;
  cookieSecure: boolean;
  /** false, true, a hop count, or a list of trusted addresses, as Fastify's trustProxy takes it. */
  trustProxy: boolean | number | string;
  logLevel: string;
  /** Origins besides the app's own that may send state-changing requests. */
  allowedOrigins: string[];
  /**
   * The app's own origin (https://tasks.example.com). When set, requests for any other host
   * (save the health probe) are refused and the origin check takes it as the own origin.
   */
  publicUrl: string | undefined;
  /**
   * Outgoing email (password-reset links): the SMTP server and the From address; undefined when
   * SMTP_URL is not set, and then nothing is ever sent. `smtpUrl` holds the SMTP password: never
   * log it.
   */
  email: EmailConfig | undefined;
  /** Forgot-password requests per window: per client address and per email asked about. */
  passwordResetLimits: { perIp: number; perEmail: number; windowMs: number };
  sessionTtlMs: number;
  authRateLimit: { perIp: number; windowMs: number };
  /** Every API request but health, per client address; perIp 0 turns it off. */
  apiRateLimit: { perIp: number; windowMs: number };
  /** Requests with one API token (decision 038), whatever the address; perToken 0 turns it off. */
  apiTokenRateLimit: { perToken: number; windowMs: number };
  /**
   * Failed sign-ins per window: `max` per account from browsers it has not signed in on before
   * (and per device cookie from those it has), `maxPerIp` per client address.
   */
  loginFailures: { max: number; maxPerIp: number; windowMs: number };
  webDist: string;
  /** Attachments: where their files live (shared by every instance) and what one upload may carry. */
  uploads: { dir: string; maxFileBytes: number; maxFiles: number };
  /** Live event streams one instance keeps open: per client address, and in all (more: 429). */
  eventStreams: { perAddress: number; max: number };
  /** How often the due-date reminder scheduler looks for due items (REMINDER_INTERVAL_SECONDS). */
  reminderIntervalMs: number;
  /**
   * Outgoing webhooks (decision 039): `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) lets them reach
   * private, loopback and link-local addresses and this instance itself; off, they never do.
   */
  webhooks: { allowPrivate: boolean };
};

export type EmailConfig = { smtpUrl: string; from: string };

/** Without MAIL_FROM: "Tasklane <tasklane@host>", the host of PUBLIC_URL, else of the SMTP server. */
function emailConfig(smtpUrl: string | undefined, from: string | undefined, publicUrl: string | undefined): EmailConfig | undefined {
  if (!smtpUrl) return undefined;
  const host = new URL(publicUrl ?? smtpUrl).hostname || 'localhost';
  return { smtpUrl, from: from || `Tasklane <tasklane@${host}>` };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

export class ConfigError extends Error {}

/** Reads the environment once into a typed object; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const webConcurrency = parseWebConcurrency(e.WEB_CONCURRENCY, !e.DATABASE_URL);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: poolSizePerProcess(e.DATABASE_POOL_SIZE, webConcurrency, !e.DATABASE_URL),
    webConcurrency,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    publicUrl: e.PUBLIC_URL === undefined ? undefined : new URL(e.PUBLIC_URL).origin,
    email: emailConfig(e.SMTP_URL, e.MAIL_FROM, e.PUBLIC_URL),
    passwordResetLimits: { perIp: 20, perEmail: 5, windowMs: 60 * 60 * 1000 },
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    authRateLimit: { perIp: e.AUTH_RATE_LIMIT_PER_IP, windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    apiRateLimit: { perIp: e.API_RATE_LIMIT_PER_IP, windowMs: e.API_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    apiTokenRateLimit: { perToken: e.API_TOKEN_RATE_LIMIT_PER_TOKEN, windowMs: e.API_TOKEN_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    loginFailures: {
      max: e.LOGIN_MAX_FAILURES,
      maxPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_FAILURE_WINDOW_SECONDS * 1000,
    },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    uploads: {
      // Under DATA_DIR even with DATABASE_URL set: DATA_DIR is the app's place on disk.
      dir: path.resolve(e.UPLOAD_DIR || path.join(e.DATA_DIR, 'uploads')),
      maxFileBytes: e.UPLOAD_MAX_FILE_MB * 1024 * 1024,
      maxFiles: e.UPLOAD_MAX_FILES,
    },
    eventStreams: { perAddress: e.EVENT_STREAMS_PER_ADDRESS, max: e.EVENT_STREAMS_MAX },
    reminderIntervalMs: e.REMINDER_INTERVAL_SECONDS * 1000,
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE },
  };
}

function parseWebConcurrency(value: string | undefined, isEmbedded: boolean): number {
  // Each process needs at least a pool of one beside its LISTEN and background connections.
  const most = isEmbedded ? Math.floor(EMBEDDED_APP_CONNECTIONS / (CONNECTIONS_BESIDE_THE_POOL + 1)) : MAX_PROCESSES;
  if (value === undefined || value === '') return 1;
  if (value.toLowerCase() === 'auto') return Math.min(most, os.availableParallelism());
  const processes = Number(value);
  if (processes > most) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY=${processes} is more server processes than the embedded database has connections for (at most ${most}): ` +
        'use fewer, or DATABASE_URL.',
    );
  }
  return processes;
}

/** The pool of each server process (see CONNECTIONS_BESIDE_THE_POOL). */
function poolSizePerProcess(configured: number | undefined, processes: number, isEmbedded: boolean): number {
  if (!isEmbedded) return configured ?? DEFAULT_POOL_SIZE;
  const fitting = Math.floor(EMBEDDED_APP_CONNECTIONS / processes) - CONNECTIONS_BESIDE_THE_POOL;
  if (configured === undefined) return Math.max(1, Math.min(DEFAULT_POOL_SIZE, fitting));
  if (configured > fitting) {
    throw new ConfigError(
      `Invalid configuration: DATABASE_POOL_SIZE=${configured} with ${processes} server process${processes === 1 ? '' : 'es'} (WEB_CONCURRENCY) needs ` +
        `${processes * (configured + CONNECTIONS_BESIDE_THE_POOL)} connections to the embedded database, which has ${EMBEDDED_APP_CONNECTIONS} for the app: ` +
        `set DATABASE_POOL_SIZE to ${Math.max(1, fitting)} or less, fewer processes, or use DATABASE_URL.`,
    );
  }
  return configured;
}
