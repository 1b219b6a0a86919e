import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { EMBEDDED_DATABASE, openPostgres } from '../../apps/server/src/db/client.js';
import { connectPostgres, withDatabase } from '../../apps/server/src/db/connect.js';
import { clusterDirOf, ensureDatabase, findBinaries, startEmbeddedPostgres, stopOrphan } from '../../apps/server/src/db/embedded.js';
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

/** Migrates the database at `url` with the app's own migrations, then loads the data set by COPY and analyzes it. */
async function seedDatabase(scale: Scale, url: string, label: string): Promise<Fixtures> {
  const app = await openPostgres(url, 1);
  await app.migrate();
  await app.close();
  const client = connectPostgres(url, { max: 1 });
  try {
    const fixtures = await generateInto(scale, async (batch) => {
      const stream: Writable = await client.unsafe(copyStatement(batch, 'STDIN')).writable();
      stream.end(batch.csv);
      await finished(stream);
    });
    // Each project's task counter starts after its last task's number (task keys, decision 028).
    await client.unsafe('update projects set last_task_number = coalesce((select max(number) from tasks where tasks.project_id = projects.id), 0)');
    log(`${label}: VACUUM ANALYZE`);
    await client.unsafe('VACUUM ANALYZE');
    return fixtures;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** What the embedded cache depends on besides the seed: the PostgreSQL major version its cluster belongs to. */
function embeddedFingerprint(scale: Scale): string {
  return createHash('sha256').update(fingerprint(scale)).update(`postgres-${findBinaries().major}`).digest('hex').slice(0, 12);
}

/**
 * A seeded DATA_DIR for the default install (the embedded PostgreSQL) at `runDir`. The seeded
 * cluster is kept in bench/.data/embedded-<scale>-<fingerprint>/data and copied for each run,
 * because the load writes to it.
 */
export async function seedEmbedded(scale: Scale, runDir: string): Promise<SeedReport> {
  const started = Date.now();
  const print = embeddedFingerprint(scale);
  const cacheDir = path.join(dataRoot, `embedded-${scale.name}-${print}`);
  const cachedDataDir = path.join(cacheDir, 'data');
  const doneFile = path.join(cacheDir, 'fixtures.json');
  const fromCache = fs.existsSync(doneFile);
  if (!fromCache) {
    for (const entry of fs.readdirSync(dataRoot)) {
      if (entry.startsWith(`embedded-${scale.name}-`)) {
        await stopOrphan(path.join(dataRoot, entry, 'data'));
        fs.rmSync(path.join(dataRoot, entry), { recursive: true, force: true });
      }
    }
    fs.mkdirSync(cacheDir, { recursive: true });
    log(`seeding the embedded PostgreSQL (${scale.name}) into ${path.relative(process.cwd(), cachedDataDir)}`);
    // Not durable while seeding (fsync off): a crash here only means seeding again. The app
    // starts the copies with its own settings, fsync on.
    const server = await startEmbeddedPostgres({ dataDir: cachedDataDir, durable: false });
    let fixtures: Fixtures;
    try {
      await ensureDatabase(server, EMBEDDED_DATABASE);
      fixtures = await seedDatabase(scale, server.urlFor(EMBEDDED_DATABASE), 'embedded');
    } finally {
      // A clean (fast) shutdown checkpoints: the cluster on disk is complete, with no postmaster.pid.
      await server.stop();
    }
    // Written last: a cache folder without it is incomplete and is seeded again.
    fs.writeFileSync(doneFile, JSON.stringify(fixtures));
  } else {
    log(`embedded data set (${scale.name}) from the cache: ${path.relative(process.cwd(), cacheDir)}`);
  }
  await copyCluster(cachedDataDir, runDir);
  const fixtures = JSON.parse(fs.readFileSync(doneFile, 'utf8')) as Fixtures;
  return { fixtures, seconds: (Date.now() - started) / 1000, fromCache, fingerprint: print };
}

/**
 * A fresh DATA_DIR holding a copy of the seeded cluster only (no lock, log or socket). The copy
 * is root's: the app (root here) gives the cluster to the `postgres` system user when it starts,
 * as it does for any cluster whose owner differs, and makes its folder 0700 again.
 */
async function copyCluster(seededDataDir: string, runDir: string) {
  // A server left running on the previous run's copy (a bench killed mid-run) would hold it.
  await stopOrphan(runDir);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const transient = new Set(['postmaster.pid', 'postmaster.opts']);
  fs.cpSync(clusterDirOf(seededDataDir), clusterDirOf(runDir), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !transient.has(path.basename(source)),
  });
}

/** Creates `database` on the server of `adminUrl`, migrates it with the app and seeds it by COPY. */
export async function seedPostgres(scale: Scale, adminUrl: string, database: string): Promise<SeedReport & { url: string }> {
  const started = Date.now();
  const admin = connectPostgres(adminUrl, { max: 1 });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.unsafe(`create database ${database}`);
  await admin.end();
  const url = withDatabase(adminUrl, database);
  log(`seeding PostgreSQL (${scale.name}) into database ${database}`);
  const fixtures = await seedDatabase(scale, url, 'PostgreSQL');
  return { fixtures, seconds: (Date.now() - started) / 1000, fromCache: false, fingerprint: fingerprint(scale), url };
}

export async function dropPostgres(adminUrl: string, database: string) {
  const admin = connectPostgres(adminUrl, { max: 1 });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
}
