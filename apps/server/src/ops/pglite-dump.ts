import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsDir } from '../paths.js';
import { BackupError } from './backup-error.js';
import {
  assertEmptyDatabase,
  copyOutSql,
  countMigrations,
  countRows,
  describeTables,
  type DumpedTable,
  fileFor,
  FORMAT_SETTINGS,
  type LoadProgress,
  loadTables,
  type TableDump,
} from './logical-dump.js';
import { loadPgliteExtensions } from '../db/pglite-extensions.js';

/**
 * The same dump as dumpTables (logical-dump.ts), read from a PGlite database: how data made
 * before the embedded PostgreSQL server (an old DATA_DIR/pglite, a version-1 backup's tarball)
 * reaches PostgreSQL. PGlite has no COPY stream: each table comes back whole, as a blob.
 */
export async function dumpPgliteTables(pglite: PGlite, folder: string): Promise<TableDump> {
  fs.mkdirSync(folder, { recursive: true });
  return pglite.transaction(async (tx) => {
    for (const setting of FORMAT_SETTINGS) await tx.exec(setting);
    const query = async (text: string) => (await tx.query<object>(text)).rows;
    const migrations = await countMigrations(query);
    const tables: DumpedTable[] = [];
    for (const { name, columns } of await describeTables(query)) {
      const file = fileFor(name);
      const result = await tx.query(copyOutSql({ name, columns }, `'/dev/blob'`));
      const bytes = new Uint8Array(result.blob ? await result.blob.arrayBuffer() : new ArrayBuffer(0));
      fs.writeFileSync(path.join(folder, file), bytes, { flush: true });
      tables.push({ name, file, columns, rows: countRows(bytes) });
    }
    return { migrations, tables };
  });
}

/** Loads a PGlite database's tables into the empty PostgreSQL at `url`, through a scratch folder in `scratchParent`. */
async function loadPglite(pglite: PGlite, url: string, scratchParent: string, onProgress?: LoadProgress): Promise<TableDump> {
  const scratch = fs.mkdtempSync(path.join(scratchParent, '.tasklane-pglite-copy-'));
  try {
    const dump = await dumpPgliteTables(pglite, scratch);
    await loadTables(url, scratch, dump.tables, dump.migrations, onProgress);
    return dump;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The one-time move of an embedded PGlite database (DATA_DIR/pglite) into the empty PostgreSQL
 * at `targetUrl`. PGlite is migrated to this version's migrations first, so both sides have
 * the same schema. The caller holds DATA_DIR's lock. The scratch copy sits next to the PGlite
 * folder, on the disk that already holds the data, not in a RAM-backed /tmp.
 */
export async function copyPgliteInto(pgliteDataDir: string, targetUrl: string, onProgress?: LoadProgress): Promise<TableDump> {
  const dataDir = path.resolve(pgliteDataDir);
  // PGlite would create an empty database where there is none.
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`There is no PGlite database in ${dataDir}.`);
  // Refused before PGlite is even migrated: a refused copy changes nothing.
  await assertEmptyDatabase(targetUrl);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ dataDir, extensions: await loadPgliteExtensions() });
  try {
    const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
    await migrate(drizzle(pglite), { migrationsFolder: migrationsDir });
    return await loadPglite(pglite, targetUrl, path.dirname(dataDir), onProgress);
  } finally {
    await pglite.close();
  }
}

/**
 * A version-1 backup of the embedded PGlite database (a gzipped data directory) into the empty
 * PostgreSQL at `url`. The tarball is opened in memory as it is: its own migrations, no more,
 * describe its tables; loadTables migrates the rest on PostgreSQL.
 */
export async function restorePgliteTarball(tarball: string, url: string): Promise<TableDump> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(tarball)]), extensions: await loadPgliteExtensions() });
  try {
    return await loadPglite(pglite, url, os.tmpdir());
  } finally {
    await pglite.close();
  }
}
