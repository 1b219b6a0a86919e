import fs from 'node:fs';
import path from 'node:path';
import { copyPgliteInto } from '../ops/pglite-dump.js';
import { connectPostgres } from './connect.js';
import type { EmbeddedServer } from './embedded.js';

/** The app's database in the embedded server. */
export const EMBEDDED_DATABASE = 'tasklane';
/** Where an earlier Tasklane's PGlite data is loaded before it becomes the app's database. */
const UPGRADE_DATABASE = 'tasklane_from_pglite';

const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');
const hasPglite = (dataDir: string) => fs.existsSync(path.join(pgliteDirOf(dataDir), 'PG_VERSION'));

/**
 * Makes sure the embedded server holds the app's database, moving an earlier Tasklane's PGlite
 * data (DATA_DIR/pglite) into it on the first start after the upgrade. The move is one step that
 * a crash cannot leave half done: the rows are loaded into a database of their own, which is
 * renamed to the app's only when complete; then the PGlite folder is renamed aside (kept, never
 * deleted: the person removes it once satisfied). A start interrupted before the rename loads
 * again from the start; one interrupted after it only renames the folder.
 */
export async function prepareAppDatabase(server: EmbeddedServer, dataDir: string, onProgress: (message: string) => void = () => {}): Promise<void> {
  const admin = connectPostgres(server.urlFor('postgres'), { max: 1, fetch_types: false });
  const exists = async (name: string) =>
    (await admin<Array<{ found: boolean }>>`select exists (select 1 from pg_database where datname = ${name}) as found`)[0]?.found === true;
  try {
    if (await exists(EMBEDDED_DATABASE)) {
      if (hasPglite(dataDir)) keepPgliteAside(dataDir, onProgress);
      return;
    }
    await admin.unsafe(`drop database if exists ${UPGRADE_DATABASE} with (force)`);
    if (!hasPglite(dataDir)) {
      await admin.unsafe(`create database ${EMBEDDED_DATABASE}`);
      return;
    }
    await admin.unsafe(`create database ${UPGRADE_DATABASE}`);
    const from = pgliteDirOf(dataDir);
    onProgress(`Moving this DATA_DIR's data from PGlite (${from}) into the embedded PostgreSQL; this runs once...`);
    const started = Date.now();
    let rows = 0;
    await copyPgliteInto(from, server.urlFor(UPGRADE_DATABASE), (table, count) => {
      rows += count;
      onProgress(`  ${table}: ${count.toLocaleString('en-US')} rows`);
    });
    await admin.unsafe(`alter database ${UPGRADE_DATABASE} rename to ${EMBEDDED_DATABASE}`);
    onProgress(`Moved ${rows.toLocaleString('en-US')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    keepPgliteAside(dataDir, onProgress);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

function keepPgliteAside(dataDir: string, onProgress: (message: string) => void) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const aside = path.join(dataDir, `pglite.moved-to-postgres-${stamp}`);
  fs.renameSync(pgliteDirOf(dataDir), aside);
  onProgress(`The PGlite data is kept in ${aside}: nothing reads it any more; remove it once you are satisfied.`);
}
