import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { migratePostgresDatabase } from '../db/client.js';
import { connectPostgres, withDatabase } from '../db/connect.js';
import { appMigrationCount, withMigrationsUpTo } from '../db/migrations-journal.js';
import { startServer } from '../server.js';
import { copyStoredFiles } from '../storage/file-store.js';
import { expectServes, seed, servePglite, snapshot, type Seeded } from '../../test/backup-scene.js';
import { adminUrl, backend, createScratchPostgres } from '../../test/test-server.js';
import { backup, restore, type BackupManifestV1 } from './backup.js';
import { copyPgliteInto } from './pglite-dump.js';
import { loadPgliteExtensions } from '../db/pglite-extensions.js';

const run = promisify(execFile);
type Scratch = Awaited<ReturnType<typeof createScratchPostgres>>;

/** Where data comes from besides a version-2 backup: the embedded PGlite database, version-1 backups, older versions, a role that is not a superuser. */
describe('backup sources and targets', { timeout: 120_000 }, () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-backup-sources-'));
  // A PGlite database (DATA_DIR/pglite, as the app kept it before issue 15) seeded through the API.
  const pgliteDataDir = path.join(scratch, 'pglite-data');
  const pgliteUploads = path.join(scratch, 'pglite-uploads');
  const databases: Scratch[] = [];
  let seeded: Seeded;

  const newDatabase = async () => {
    const database = await createScratchPostgres();
    databases.push(database);
    return database;
  };
  /** A copy of the seeded PGlite folder of the test's own: the tests never share one they change. */
  const copyOfPglite = () => {
    const copy = fs.mkdtempSync(path.join(scratch, 'pglite-copy-'));
    fs.cpSync(path.join(pgliteDataDir, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
    return path.join(copy, 'pglite');
  };
  const snapshotPglite = async (dataDir: string) => {
    const pglite = await PGlite.create({ dataDir, extensions: await loadPgliteExtensions() });
    try {
      return await snapshot(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);
    } finally {
      await pglite.close();
    }
  };
  const snapshotPostgres = async (url: string) => {
    const sql = connectPostgres(url, { max: 1 });
    try {
      return await snapshot((text) => sql.unsafe(text));
    } finally {
      await sql.end();
    }
  };
  /** The rest of a version-1 backup as that version wrote it: the attachment files and the manifest. */
  const finishV1Backup = async (backupDir: string, backend: BackupManifestV1['backend'], database: string) => {
    const files = await copyStoredFiles(pgliteUploads, path.join(backupDir, 'uploads'));
    const manifest: BackupManifestV1 = {
      format: 'tasklane-backup',
      version: 1,
      backend,
      createdAt: new Date().toISOString(),
      migrations: appMigrationCount(),
      database,
      uploads: { folder: 'uploads', files },
    };
    fs.writeFileSync(path.join(backupDir, 'manifest.json'), JSON.stringify(manifest));
  };
  /** A server on a restored database, what its users see. */
  const expectServerServes = async (url: string, uploadDir: string) => {
    const server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: url, UPLOAD_DIR: uploadDir, LOG_LEVEL: 'silent' }));
    try {
      await expectServes(server.url, seeded);
    } finally {
      await server.close();
    }
  };

  beforeAll(async () => {
    const app = await servePglite(pgliteDataDir, pgliteUploads);
    try {
      seeded = await seed(app.url);
    } finally {
      await app.close();
    }
  });

  afterAll(async () => {
    for (const database of databases) await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('copies an embedded PGlite database into an empty PostgreSQL database, table by table', async () => {
    const pglite = copyOfPglite();
    const target = await newDatabase();
    const progress: Array<[string, number]> = [];
    await copyPgliteInto(pglite, target.url, (table, rows) => progress.push([table, rows]));

    const expected = await snapshotPglite(pglite);
    expect(expected['public.todos']).toContain('Water the plants');
    expect(await snapshotPostgres(target.url)).toEqual(expected);
    expect(progress).toEqual(expect.arrayContaining([['users', 2], ['todos', 3], ['task_attachments', 1]]));

    // Sequences continue past the copied ids: the restored server takes new writes (and their events).
    const uploads = path.join(scratch, 'uploads-copied');
    await copyStoredFiles(pgliteUploads, uploads);
    await expectServerServes(target.url, uploads);

    await expect(copyPgliteInto(copyOfPglite(), target.url)).rejects.toThrow('The target database is not empty');
    await expect(copyPgliteInto(path.join(scratch, 'nothing-here'), target.url)).rejects.toThrow('There is no PGlite database');
    expect(fs.existsSync(path.join(scratch, 'nothing-here'))).toBe(false);
  });

  it('restores a version-1 backup of the embedded PGlite database into PostgreSQL, every row', async () => {
    // The backup as version 1 wrote it: PGlite's gzipped data directory, and the files.
    const pglite = copyOfPglite();
    const backupDir = path.join(scratch, 'v1-pglite');
    fs.mkdirSync(path.join(backupDir, 'uploads'), { recursive: true });
    const source = await PGlite.create({ dataDir: pglite, extensions: await loadPgliteExtensions() });
    try {
      fs.writeFileSync(path.join(backupDir, 'database.tar.gz'), Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer()));
    } finally {
      await source.close();
    }
    await finishV1Backup(backupDir, 'pglite', 'database.tar.gz');

    const target = await newDatabase();
    const uploads = path.join(scratch, 'uploads-v1-pglite');
    await restore(backupDir, { url: target.url, uploadDir: uploads });
    expect(await snapshotPostgres(target.url)).toEqual(await snapshotPglite(pglite));
    await expectServerServes(target.url, uploads);
  });

  // Debian 12's pg_dump (15) refuses the embedded server (17): this runs on an external server.
  it.runIf(hasPgDump() && backend === 'postgres')('restores a version-1 pg_dump backup with pg_restore', async () => {
    const source = await newDatabase();
    await copyPgliteInto(copyOfPglite(), source.url);
    const backupDir = path.join(scratch, 'v1-postgres');
    fs.mkdirSync(path.join(backupDir, 'uploads'), { recursive: true });
    // As version 1 ran it: pg_dump's custom format, the password in the environment.
    const dbname = new URL(source.url);
    const password = decodeURIComponent(dbname.password);
    dbname.password = '';
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(backupDir, 'database.pgdump')}`, `--dbname=${dbname}`], {
      env: { ...process.env, PGPASSWORD: password },
    });
    await finishV1Backup(backupDir, 'postgres', 'database.pgdump');

    const target = await newDatabase();
    const uploads = path.join(scratch, 'uploads-v1-postgres');
    await restore(backupDir, { url: target.url, uploadDir: uploads });
    expect(await snapshotPostgres(target.url)).toEqual(await snapshotPostgres(source.url));
    await expectServerServes(target.url, uploads);
  });

  it('restores a backup made by an older version, and migrates it forward', async () => {
    // A database one migration behind this version, with a user in it.
    const older = await newDatabase();
    await withMigrationsUpTo(appMigrationCount() - 1, (folder) => migratePostgresDatabase(older.url, folder));
    const sql = connectPostgres(older.url, { max: 1 });
    try {
      await sql`insert into users (username, full_name, email, password_hash) values ('old_timer', 'Old Timer', 'old@example.com', 'x')`;
    } finally {
      await sql.end();
    }
    const backupDir = path.join(scratch, 'older');
    const manifest = await backup({ url: older.url, uploadDir: path.join(scratch, 'uploads-none') }, backupDir);
    expect(manifest.migrations).toBe(appMigrationCount() - 1);

    const target = await newDatabase();
    await restore(backupDir, { url: target.url, uploadDir: path.join(scratch, 'uploads-older') });
    const restored = connectPostgres(target.url, { max: 1 });
    try {
      expect(await restored`select username from users`).toEqual([{ username: 'old_timer' }]);
      expect(await restored`select count(*)::int as count from drizzle.__drizzle_migrations`).toEqual([{ count: appMigrationCount() }]);
    } finally {
      await restored.end();
    }
  });

  it('restores as a role that is not a superuser (a managed PostgreSQL), foreign keys checked as rows go in', async () => {
    const source = await newDatabase();
    await copyPgliteInto(copyOfPglite(), source.url);
    const backupDir = path.join(scratch, 'for-app-role');
    await backup({ url: source.url, uploadDir: pgliteUploads }, backupDir);

    const role = `tasklane_app_${randomBytes(4).toString('hex')}`;
    const database = `${role}_db`;
    const admin = connectPostgres(adminUrl(), { max: 1 });
    try {
      await admin.unsafe(`create role ${role} login password 'app-role-secret' nosuperuser`);
      await admin.unsafe(`create database ${database} owner ${role}`);
      const asRole = Object.assign(new URL(withDatabase(adminUrl(), database)), { username: role, password: 'app-role-secret' }).toString();
      const uploads = path.join(scratch, 'uploads-app-role');
      await restore(backupDir, { url: asRole, uploadDir: uploads });
      expect(await snapshotPostgres(asRole)).toEqual(await snapshotPostgres(source.url));
      await expectServerServes(asRole, uploads);
    } finally {
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.unsafe(`drop role if exists ${role}`);
      await admin.end();
    }
  });
});

function hasPgDump(): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, 'pg_dump')));
}
