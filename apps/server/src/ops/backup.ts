import fs from 'node:fs';
import path from 'node:path';
import { migratePostgresDatabase } from '../db/client.js';
import { connectPostgres } from '../db/connect.js';
import { copyStoredFiles, hasStoredFiles } from '../storage/file-store.js';
import { BackupError } from './backup-error.js';
import { assertEmptyDatabase, assertKnownMigrations, dumpTables, type DumpedTable, loadTables, TABLE_FILE, TABLE_NAME } from './logical-dump.js';
import { restorePgliteTarball } from './pglite-dump.js';
import { restorePgDump } from './pg-restore.js';

export { BackupError } from './backup-error.js';

/**
 * Backups are folders: a manifest, the database as a logical dump (logical-dump.ts: one COPY
 * text file per table, read in one snapshot, and the number of migrations that made the schema)
 * and a copy of the attachment files (`uploads/`, same layout as UPLOAD_DIR). A folder is written
 * under a temporary name and renamed into place, so a backup that exists is complete. A backup
 * loads into any empty PostgreSQL the app supports, whichever it came from (docs/decisions/012).
 */
export const MANIFEST_FILE = 'manifest.json';
const UPLOADS_FOLDER = 'uploads';
const DATABASE_FOLDER = 'database';

export interface BackupManifest {
  format: 'tasklane-backup';
  version: 2;
  createdAt: string;
  /** How many migrations made the schema of the dumped tables; a restore rebuilds it with them, then migrates forward. */
  migrations: number;
  database: { folder: string; tables: DumpedTable[] };
  /** The attachment files' folder in the backup and how many files it holds. */
  uploads: { folder: string; files: number };
}

/** Version 1 (until issue 15): each backend's own dump, which restores still read. */
export interface BackupManifestV1 {
  format: 'tasklane-backup';
  version: 1;
  backend: 'pglite' | 'postgres';
  createdAt: string;
  migrations: number;
  /** PGlite: a gzipped data directory (dumpDataDir); PostgreSQL: pg_dump's custom format. */
  database: string;
  uploads?: { folder: string; files: number };
}

/** Where a backup comes from or goes to: a PostgreSQL database and the attachment files' folder (UPLOAD_DIR). */
export type Target = { url: string; uploadDir: string };

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
    const sql = connectPostgres(source.url, { max: 1 });
    const dump = await dumpTables(sql, path.join(staging, DATABASE_FOLDER)).finally(() => sql.end({ timeout: 5 }));
    if (dump.migrations === 0) throw new BackupError('The database holds no Tasklane data (no migrations applied): check DATABASE_URL.');
    // After the dump: every attachment in it was committed, so its file is in place by now.
    fs.mkdirSync(path.join(staging, UPLOADS_FOLDER));
    const files = await copyStoredFiles(source.uploadDir, path.join(staging, UPLOADS_FOLDER));
    const manifest: BackupManifest = {
      format: 'tasklane-backup',
      version: 2,
      createdAt: new Date().toISOString(),
      migrations: dump.migrations,
      database: { folder: DATABASE_FOLDER, tables: dump.tables },
      uploads: { folder: UPLOADS_FOLDER, files },
    };
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { flush: true });
    fs.renameSync(staging, destination);
    return manifest;
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Loads a backup into an empty PostgreSQL database and an empty UPLOAD_DIR. Everything that can
 * be checked is checked before anything is written, so a refused restore changes nothing.
 */
export async function restore(backupDir: string, target: Target): Promise<BackupManifest | BackupManifestV1> {
  const root = path.resolve(backupDir);
  const manifest = readManifest(root);
  assertKnownMigrations(manifest.migrations);
  const databasePath = path.join(root, manifest.version === 2 ? manifest.database.folder : manifest.database);
  const missing = [
    ...(manifest.version === 2 ? manifest.database.tables.map((table) => `${manifest.database.folder}/${table.file}`) : [manifest.database]),
    ...(manifest.uploads ? [`${manifest.uploads.folder}/`] : []),
  ].find((entry) => !fs.existsSync(path.join(root, entry)));
  if (missing) throw new BackupError(`The backup is incomplete: ${missing} is missing.`);
  await assertEmptyDatabase(target.url);
  if (await hasStoredFiles(target.uploadDir)) {
    throw new BackupError(`${target.uploadDir} already holds attachment files: restore into an empty UPLOAD_DIR.`);
  }
  if (manifest.version === 2) {
    await loadTables(target.url, databasePath, manifest.database.tables, manifest.migrations);
  } else if (manifest.backend === 'pglite') {
    await restorePgliteTarball(databasePath, target.url);
  } else {
    await restorePgDump(databasePath, target.url);
    await migratePostgresDatabase(target.url);
  }
  if (manifest.uploads) await copyStoredFiles(path.join(root, manifest.uploads.folder), target.uploadDir);
  return manifest;
}

const isSafeFolder = (name: unknown): name is string => typeof name === 'string' && /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

export function readManifest(backupDir: string): BackupManifest | BackupManifestV1 {
  const file = path.join(path.resolve(backupDir), MANIFEST_FILE);
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    throw new BackupError(`${path.resolve(backupDir)} is not a Tasklane backup (no readable ${MANIFEST_FILE}).`);
  }
  const refuse = (what: string) => new BackupError(`${file} ${what}.`);
  if (manifest?.format !== 'tasklane-backup' || (manifest.version !== 1 && manifest.version !== 2)) {
    throw refuse('is not a Tasklane backup manifest this version understands');
  }
  if (!isCount(manifest.migrations)) throw refuse('names no number of migrations');
  const uploads = manifest.uploads as { folder?: unknown; files?: unknown } | undefined;
  if ((uploads !== undefined || manifest.version === 2) && (!isSafeFolder(uploads?.folder) || !isCount(uploads.files))) {
    throw refuse('names no valid uploads folder');
  }
  if (manifest.version === 1) {
    if (manifest.backend !== 'pglite' && manifest.backend !== 'postgres') throw refuse('names no backend this version understands');
    if (!isSafeFolder(manifest.database)) throw refuse('names no database dump');
    return manifest as unknown as BackupManifestV1;
  }
  const database = manifest.database as { folder?: unknown; tables?: unknown } | undefined;
  if (!isSafeFolder(database?.folder) || !Array.isArray(database.tables)) throw refuse('names no database folder');
  const names = new Set<string>();
  for (const table of database.tables as Array<Partial<Record<keyof DumpedTable, unknown>>>) {
    const isValid =
      typeof table?.name === 'string' &&
      TABLE_NAME.test(table.name) &&
      !names.has(table.name) &&
      typeof table.file === 'string' &&
      TABLE_FILE.test(table.file) &&
      Array.isArray(table.columns) &&
      table.columns.length > 0 &&
      table.columns.every((column) => typeof column === 'string' && column.length > 0) &&
      isCount(table.rows);
    if (!isValid) throw refuse(`lists a table it cannot load (${JSON.stringify(table)})`);
    names.add(table.name as string);
  }
  return manifest as unknown as BackupManifest;
}
