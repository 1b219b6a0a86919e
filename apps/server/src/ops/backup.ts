import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type postgres from 'postgres';
import { connectPostgres } from '../db/connect.js';
import { lockDataDir } from '../db/lock.js';
import { copyStoredFiles, hasStoredFiles } from '../storage/file-store.js';

/**
 * Backups are folders: a manifest, the database dump, made by each backend's own tool —
 * PGlite's dumpDataDir (a gzipped copy of its data directory) or PostgreSQL's pg_dump (custom
 * format, restored with pg_restore) — and a copy of the attachment files (`uploads/`, same
 * layout as UPLOAD_DIR). A folder is written under a temporary name and renamed into place,
 * so a backup that exists is complete.
 */
export const MANIFEST_FILE = 'manifest.json';
const UPLOADS_FOLDER = 'uploads';
const PGLITE_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.pgdump';

export type Backend = 'pglite' | 'postgres';

export interface BackupManifest {
  format: 'tasklane-backup';
  version: 1;
  backend: Backend;
  createdAt: string;
  /** How many migrations the database had applied; a restore migrates forward from there. */
  migrations: number;
  database: string;
  /** The attachment files' folder in the backup and how many files it holds (absent in older backups). */
  uploads?: { folder: string; files: number };
}

/**
 * Where a backup comes from or goes to: the embedded data directory or a PostgreSQL URL, and
 * the attachment files' folder (UPLOAD_DIR).
 */
export type Target = ({ kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }) & { uploadDir: string };

export class BackupError extends Error {}

export function defaultBackupDir(cwd = process.cwd(), now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');
  return path.resolve(cwd, 'backups', `tasklane-${stamp}`);
}

export async function backup(source: Target, outDir: string): Promise<BackupManifest> {
  const destination = path.resolve(outDir);
  if (fs.existsSync(destination)) throw new BackupError(`${destination} already exists: choose a new folder for the backup.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const staging = `${destination}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging);
  try {
    const manifest = source.kind === 'pglite' ? await dumpPglite(source.dataDir, staging) : await dumpPostgres(source.url, staging);
    // After the dump: every attachment in it was committed, so its file is in place by now.
    fs.mkdirSync(path.join(staging, UPLOADS_FOLDER));
    const files = await copyStoredFiles(source.uploadDir, path.join(staging, UPLOADS_FOLDER));
    manifest.uploads = { folder: UPLOADS_FOLDER, files };
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(staging, destination);
    return manifest;
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

export async function restore(backupDir: string, target: Target): Promise<BackupManifest> {
  const manifest = readManifest(backupDir);
  if (manifest.backend !== target.kind) {
    throw new BackupError(
      manifest.backend === 'pglite'
        ? 'This backup was made from the embedded database (PGlite): restore it with DATABASE_URL unset.'
        : 'This backup was made from PostgreSQL: restore it with DATABASE_URL set to an empty PostgreSQL database.',
    );
  }
  const dump = path.join(path.resolve(backupDir), manifest.database);
  if (!fs.existsSync(dump)) throw new BackupError(`The backup is incomplete: ${manifest.database} is missing.`);
  const uploads = manifest.uploads ? path.join(path.resolve(backupDir), manifest.uploads.folder) : undefined;
  if (uploads && !fs.existsSync(uploads)) throw new BackupError(`The backup is incomplete: ${manifest.uploads!.folder}/ is missing.`);
  // Both targets are checked before anything is written, so a refused restore changes nothing.
  if (target.kind === 'pglite') assertNoPgliteDatabase(target.dataDir);
  else await assertEmptyPostgres(target.url);
  if (await hasStoredFiles(target.uploadDir)) {
    throw new BackupError(`${target.uploadDir} already holds attachment files: restore into an empty UPLOAD_DIR.`);
  }
  if (target.kind === 'pglite') await loadPglite(dump, target.dataDir);
  else await loadPostgres(dump, target.url);
  if (uploads) await copyStoredFiles(uploads, target.uploadDir);
  return manifest;
}

export function readManifest(backupDir: string): BackupManifest {
  const file = path.join(path.resolve(backupDir), MANIFEST_FILE);
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${path.resolve(backupDir)} is not a Tasklane backup (no readable ${MANIFEST_FILE}).`);
  }
  if (manifest.format !== 'tasklane-backup' || manifest.version !== 1 || (manifest.backend !== 'pglite' && manifest.backend !== 'postgres')) {
    throw new BackupError(`${file} is not a Tasklane backup manifest this version understands.`);
  }
  if (typeof manifest.database !== 'string' || manifest.database.includes('/') || manifest.database.includes('\\')) {
    throw new BackupError(`${file} names no database dump.`);
  }
  const uploads = manifest.uploads;
  if (uploads !== undefined && (typeof uploads?.folder !== 'string' || !/^[A-Za-z0-9._-]+$/.test(uploads.folder) || uploads.folder.startsWith('.'))) {
    throw new BackupError(`${file} names no valid uploads folder.`);
  }
  return manifest as BackupManifest;
}

const pgliteDir = (dataDir: string) => path.join(path.resolve(dataDir), 'pglite');
const hasPgliteDatabase = (dataDir: string) => fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));

async function countMigrations(query: (text: string) => Promise<Array<{ count: number | string }>>): Promise<number> {
  try {
    const rows = await query('select count(*)::int as count from drizzle.__drizzle_migrations');
    return Number(rows[0]?.count ?? 0);
  } catch {
    return 0;
  }
}

async function dumpPglite(dataDir: string, staging: string): Promise<BackupManifest> {
  if (!hasPgliteDatabase(dataDir)) throw new BackupError(`There is no Tasklane database in ${path.resolve(dataDir)} to back up.`);
  // The lock refuses while a server has the directory open: PGlite serves one process at a time.
  const release = await lockDataDir(path.resolve(dataDir));
  try {
    const client = await PGlite.create({ dataDir: pgliteDir(dataDir) });
    try {
      const migrations = await countMigrations(async (text) => (await client.query<{ count: number }>(text)).rows);
      const dump = await client.dumpDataDir('gzip');
      fs.writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      return manifestFor('pglite', migrations, PGLITE_DUMP);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

function assertNoPgliteDatabase(dataDir: string) {
  if (hasPgliteDatabase(dataDir)) {
    throw new BackupError(`${path.resolve(dataDir)} already holds a database: restore into an empty DATA_DIR.`);
  }
}

async function loadPglite(dump: string, dataDir: string): Promise<void> {
  assertNoPgliteDatabase(dataDir);
  const release = await lockDataDir(path.resolve(dataDir));
  try {
    const client = await PGlite.create({ dataDir: pgliteDir(dataDir), loadDataDir: new Blob([fs.readFileSync(dump)]) });
    await client.query('select 1');
    await client.close();
  } catch (error) {
    fs.rmSync(pgliteDir(dataDir), { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

/** libpq reads the password from the environment, so it never shows in the process list. */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} was not found. Install PostgreSQL's client tools (Debian: apt-get install -y postgresql-client).`)
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

async function withPostgres<T>(url: string, use: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = connectPostgres(url, { max: 1 });
  try {
    return await use(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function dumpPostgres(url: string, staging: string): Promise<BackupManifest> {
  const migrations = await withPostgres(url, (sql) => countMigrations((text) => sql.unsafe(text)));
  const { dbname, env } = libpqConnection(url);
  // pg_dump reads in one snapshot: the dump is consistent while the app keeps serving.
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, POSTGRES_DUMP)}`, `--dbname=${dbname}`], env);
  return manifestFor('postgres', migrations, POSTGRES_DUMP);
}

async function assertEmptyPostgres(url: string): Promise<void> {
  const tables = await withPostgres(url, async (sql) => {
    const rows = await sql<Array<{ count: number }>>`
      select count(*)::int as count from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`;
    return rows[0]?.count ?? 0;
  });
  if (tables > 0) throw new BackupError('The target database is not empty: restore into a new, empty PostgreSQL database.');
}

async function loadPostgres(dump: string, url: string): Promise<void> {
  await assertEmptyPostgres(url);
  const { dbname, env } = libpqConnection(url);
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dump], env);
}

function manifestFor(backend: Backend, migrations: number, database: string): BackupManifest {
  return { format: 'tasklane-backup', version: 1, backend, createdAt: new Date().toISOString(), migrations, database };
}
