import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { openPglite, openPostgres } from '../../apps/server/src/db/client.js';
import { isLockFileName } from '../../apps/server/src/db/lock.js';
import { hashPassword } from '../../apps/server/src/modules/auth/password.js';
import { migrationsDir } from '../../apps/server/src/paths.js';
import { benchRoot, dataRoot, log } from '../lib/util.js';
import { copyStatement, toCopyBatch, type CopyBatch } from './copy.js';
import { generate, type Fixtures, type Sink } from './generate.js';
import { SEED, type Scale } from './scale.js';

/** Everyone in the data set signs in with this password (hashed once, the hash reused). */
export const BENCH_PASSWORD = 'bench-password-2026';

export type SeedReport = { fixtures: Fixtures; seconds: number; fromCache: boolean; fingerprint: string };

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** Changes whenever the seed, the scale, the migrations or the generator change. */
export function fingerprint(scale: Scale): string {
  const hash = createHash('sha256').update(SEED).update(JSON.stringify(scale));
  for (const file of [...filesUnder(migrationsDir), ...filesUnder(path.join(benchRoot, 'seed'))]) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

async function generateInto(scale: Scale, load: (batch: CopyBatch) => Promise<void>): Promise<Fixtures> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const sink: Sink = async (table, rows) => {
    if (rows.length > 0) await load(toCopyBatch(table, rows));
  };
  const fixtures = await generate(scale, SEED, passwordHash, sink);
  return { ...fixtures, password: BENCH_PASSWORD };
}

/**
 * A seeded PGlite data directory at `runDir`. The seeded directory is kept under bench/.data
 * by fingerprint, and copied for each run (the load writes to it).
 */
export async function seedPglite(scale: Scale, runDir: string): Promise<SeedReport> {
  const started = Date.now();
  const print = fingerprint(scale);
  const cacheDir = path.join(dataRoot, `pglite-${scale.name}-${print}`);
  const doneFile = path.join(cacheDir, 'fixtures.json');
  let fromCache = fs.existsSync(doneFile);
  if (!fromCache) {
    for (const entry of fs.readdirSync(dataRoot)) {
      if (entry.startsWith(`pglite-${scale.name}-`)) fs.rmSync(path.join(dataRoot, entry), { recursive: true, force: true });
    }
    fs.mkdirSync(cacheDir, { recursive: true });
    log(`seeding PGlite (${scale.name}) into ${path.relative(process.cwd(), cacheDir)}`);
    // The app's own opening and migrations make the schema.
    const app = await openPglite({ dataDir: cacheDir });
    await app.migrate();
    await app.close();
    const client = await PGlite.create({ dataDir: path.join(cacheDir, 'pglite') });
    const fixtures = await generateInto(scale, async (batch) => {
      await client.query(copyStatement(batch, "'/dev/blob'"), [], { blob: new Blob([batch.csv]) });
    });
    log('PGlite: VACUUM ANALYZE');
    await client.exec('VACUUM ANALYZE');
    await client.close();
    fs.writeFileSync(doneFile, JSON.stringify(fixtures));
    fromCache = false;
  } else {
    log(`PGlite data set (${scale.name}) from the cache: ${path.relative(process.cwd(), cacheDir)}`);
  }
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.cpSync(cacheDir, runDir, { recursive: true, filter: (source) => !isLockFileName(path.basename(source)) });
  const fixtures = JSON.parse(fs.readFileSync(doneFile, 'utf8')) as Fixtures;
  return { fixtures, seconds: (Date.now() - started) / 1000, fromCache, fingerprint: print };
}

/** Creates `database` on the server of `adminUrl`, migrates it with the app and seeds it by COPY. */
export async function seedPostgres(scale: Scale, adminUrl: string, database: string): Promise<SeedReport & { url: string }> {
  const started = Date.now();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.unsafe(`create database ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  log(`seeding PostgreSQL (${scale.name}) into database ${database}`);
  const app = await openPostgres(url.toString(), 1);
  await app.migrate();
  await app.close();
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const fixtures = await generateInto(scale, async (batch) => {
    const stream: Writable = await client.unsafe(copyStatement(batch, 'STDIN')).writable();
    stream.end(batch.csv);
    await finished(stream);
  });
  log('PostgreSQL: VACUUM ANALYZE');
  await client.unsafe('VACUUM ANALYZE');
  await client.end();
  return { fixtures, seconds: (Date.now() - started) / 1000, fromCache: false, fingerprint: fingerprint(scale), url: url.toString() };
}

export async function dropPostgres(adminUrl: string, database: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
}
