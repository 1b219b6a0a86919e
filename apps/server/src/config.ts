import path from 'node:path';
import { z } from 'zod';
import { defaultWebDist } from './paths.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const positiveInt = z.coerce.number().int().positive();

/** An http(s) URL naming an origin only: no path, query or fragment (a trailing slash is fine). */
function isOriginUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: positiveInt.default(10),
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
  SESSION_TTL_DAYS: positiveInt.default(30),
  AUTH_RATE_LIMIT_PER_IP: positiveInt.default(60),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  API_RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(1200),
  API_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  LOGIN_MAX_FAILURES: positiveInt.default(10),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(20),
  LOGIN_FAILURE_WINDOW_SECONDS: positiveInt.default(15 * 60),
  WEB_DIST: z.string().optional(),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_FILE_MB: positiveInt.max(10_240).default(25),
  UPLOAD_MAX_FILES: positiveInt.max(100).default(10),
  EVENT_STREAMS_PER_ADDRESS: positiveInt.max(1_000_000).default(100),
  EVENT_STREAMS_MAX: positiveInt.max(1_000_000).default(5000),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
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
  sessionTtlMs: number;
  authRateLimit: { perIp: number; windowMs: number };
  /** Every API request but health, per client address; perIp 0 turns it off. */
  apiRateLimit: { perIp: number; windowMs: number };
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
};

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    publicUrl: e.PUBLIC_URL === undefined ? undefined : new URL(e.PUBLIC_URL).origin,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    authRateLimit: { perIp: e.AUTH_RATE_LIMIT_PER_IP, windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    apiRateLimit: { perIp: e.API_RATE_LIMIT_PER_IP, windowMs: e.API_RATE_LIMIT_WINDOW_SECONDS * 1000 },
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
  };
}
