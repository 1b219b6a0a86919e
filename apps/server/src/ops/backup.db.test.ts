import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { connectPostgres } from '../db/connect.js';
import { appMigrationCount } from '../db/migrations-journal.js';
import { startServer, type RunningServer } from '../server.js';
import { cliTimeout, expectServes, runCli, seed, snapshot, type Seeded } from '../../test/backup-scene.js';
import { createScratchPostgres, startTestServer } from '../../test/test-server.js';
import { backup, restore, type BackupManifest } from './backup.js';

type Scratch = Awaited<ReturnType<typeof createScratchPostgres>>;

/** Table names of a database: a refused restore must leave its target without any. */
async function tablesIn(url: string): Promise<string[]> {
  const sql = connectPostgres(url, { max: 1 });
  try {
    const rows = await sql<Array<{ name: string }>>`
      select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`;
    return rows.map((row) => row.name);
  } finally {
    await sql.end();
  }
}

describe('backup and restore', cliTimeout, () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-backup-'));
  const backupDir = path.join(scratch, 'backup');
  const uploadDirs = { source: path.join(scratch, 'uploads-source'), restored: path.join(scratch, 'uploads-restored') };
  const databases: Scratch[] = [];
  let source: Scratch;
  let server: RunningServer | undefined;
  let seeded: Seeded;

  const newDatabase = async () => {
    const database = await createScratchPostgres();
    databases.push(database);
    return database;
  };

  beforeAll(async () => {
    source = await newDatabase();
    server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: source.url, UPLOAD_DIR: uploadDirs.source, LOG_LEVEL: 'silent' }));
    seeded = await seed(server.url);
  });

  afterAll(async () => {
    await server?.close();
    for (const database of databases) await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** Backs the serving database up through the command line, once, whichever test asks first. */
  let backedUp: Promise<unknown> | undefined;
  const backUp = () => (backedUp ??= runCli(['backup', backupDir], { DATABASE_URL: source.url, UPLOAD_DIR: uploadDirs.source }));

  /** A copy of the backup to damage. */
  const copyOfBackup = async (name: string) => {
    await backUp();
    const copy = path.join(scratch, name);
    fs.cpSync(backupDir, copy, { recursive: true });
    const manifestFile = path.join(copy, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    const save = () => fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    return { copy, manifest, save };
  };

  it('backs up while the app serves, and round-trips every table into an empty database', async () => {
    const { stdout } = (await backUp()) as { stdout: string };
    expect(stdout).toContain(`and 1 attachment file to ${backupDir}`);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ format: 'tasklane-backup', version: 2, migrations: appMigrationCount(), uploads: { folder: 'uploads', files: 1 } });
    expect(manifest.database.tables.find((table) => table.name === 'todos')).toMatchObject({ file: 'todos.copy', rows: 3 });
    expect(fs.readdirSync(scratch).filter((name) => name.startsWith('backup'))).toEqual(['backup']);

    const target = await newDatabase();
    await runCli(['restore', backupDir], { DATABASE_URL: target.url, UPLOAD_DIR: uploadDirs.restored });

    // The serving app writes after the backup on its own: housekeeping, 5 s after start, deletes
    // rate-limit windows that have ended (a successful sign-in ends the account's failure
    // window at once). When the backup ran before that round, the source lost such a row the
    // backup holds. So the server stops first, then the windows that had ended by now are left
    // out on both sides: those are all housekeeping may have deleted, and no window that ends
    // later can have gone.
    await server?.close();
    server = undefined;
    const endedBefore = new Date().toISOString();
    const where = { 'public.rate_limits': `reset_at >= '${endedBefore}'` };
    const before = connectPostgres(source.url, { max: 1 });
    const after = connectPostgres(target.url, { max: 1 });
    try {
      const expected = await snapshot((text) => before.unsafe(text), where);
      const actual = await snapshot((text) => after.unsafe(text), where);
      expect(Object.keys(expected)).toEqual(expect.arrayContaining(['public.users', 'public.todos', 'public.events', 'drizzle.__drizzle_migrations']));
      expect(expected['public.todos']).toContain('Water the plants');
      expect(actual).toEqual(expected);
    } finally {
      await before.end();
      await after.end();
    }

    // A server on the restored database: the session still holds, the data and the attachment
    // are there, and new rows get new ids.
    const restoredServer = await startServer(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: target.url, UPLOAD_DIR: uploadDirs.restored, LOG_LEVEL: 'silent' }),
    );
    try {
      await expectServes(restoredServer.url, seeded);
    } finally {
      await restoredServer.close();
    }
  });

  it('refuses to restore into a database that is not empty', async () => {
    await backUp();
    const uploadDir = path.join(scratch, 'uploads-refused');
    await expect(runCli(['restore', backupDir], { DATABASE_URL: source.url, UPLOAD_DIR: uploadDir })).rejects.toMatchObject({
      stderr: expect.stringContaining('The target database is not empty: restore into a new, empty PostgreSQL database.'),
    });
    expect(fs.existsSync(uploadDir) && fs.readdirSync(uploadDir).length > 0).toBe(false);
  });

  it('refuses an incomplete backup, a manifest that names a path outside it, and a backup from a newer Tasklane, writing nothing', async () => {
    const target = await newDatabase();
    const uploadDir = path.join(scratch, 'uploads-never');
    const into = { url: target.url, uploadDir };

    const incomplete = await copyOfBackup('incomplete');
    fs.rmSync(path.join(incomplete.copy, 'database', 'todos.copy'));
    await expect(restore(incomplete.copy, into)).rejects.toThrow('The backup is incomplete: database/todos.copy is missing.');

    const escaping = await copyOfBackup('escaping');
    escaping.manifest.database.folder = '../x';
    escaping.save();
    await expect(restore(escaping.copy, into)).rejects.toThrow('names no database folder');
    escaping.manifest.database.folder = 'database';
    escaping.manifest.database.tables[0]!.file = '../x';
    escaping.save();
    await expect(restore(escaping.copy, into)).rejects.toThrow('lists a table it cannot load');
    escaping.manifest.database.tables[0]!.file = 'users.sql';
    escaping.save();
    await expect(restore(escaping.copy, into)).rejects.toThrow('lists a table it cannot load');

    const newer = await copyOfBackup('newer');
    newer.manifest.migrations = appMigrationCount() + 1;
    newer.save();
    await expect(restore(newer.copy, into)).rejects.toThrow(
      `This backup was made by a newer Tasklane (${appMigrationCount() + 1} migrations); update Tasklane first.`,
    );

    expect(await tablesIn(target.url)).toEqual([]);
    expect(fs.existsSync(uploadDir)).toBe(false);
  });

  it('refuses a backup whose file lost rows, and says the database must be made again', async () => {
    const damaged = await copyOfBackup('damaged');
    const file = path.join(damaged.copy, 'database', 'users.copy');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split('\n').slice(1).join('\n'));
    const target = await newDatabase();
    await expect(restore(damaged.copy, { url: target.url, uploadDir: path.join(scratch, 'uploads-damaged') })).rejects.toThrow(
      /users has 1 rows where the backup lists 2: the backup is damaged.*drop it, create it again empty, and retry/,
    );
    // The rows went in one transaction: none of them stayed.
    const sql = connectPostgres(target.url, { max: 1 });
    try {
      expect(await sql`select id from users`).toHaveLength(0);
    } finally {
      await sql.end();
    }
  });

  it('refuses a backup whose file repeats a row, without hanging, and keeps none of its rows', async () => {
    const damaged = await copyOfBackup('repeated');
    const file = path.join(damaged.copy, 'database', 'users.copy');
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    fs.writeFileSync(file, [...lines, lines[0]].join('\n') + '\n');
    const target = await newDatabase();
    await expect(restore(damaged.copy, { url: target.url, uploadDir: path.join(scratch, 'uploads-repeated') })).rejects.toThrow(
      /Loading the tables failed .*duplicate key.*drop it, create it again empty, and retry/,
    );
    const sql = connectPostgres(target.url, { max: 1 });
    try {
      expect(await sql`select id from users`).toHaveLength(0);
    } finally {
      await sql.end();
    }
  });

  it('reads one snapshot: rows written during the backup are in it whole or not at all', async () => {
    // Its own server and database, written to without a pause while the backup runs. Every
    // todo is written with its live event in one transaction; the dump reads events.copy before
    // todos.copy, so without one snapshot it would hold todos whose events it has not.
    const busy = await startTestServer({}, { recordQueries: false });
    const out = path.join(scratch, 'busy-backup');
    try {
      const register = await busy.request('POST', '/api/v1/auth/register', {
        body: { username: 'busy_writer', fullName: 'Busy Writer', email: 'busy@example.com', password: 'correct-horse-42' },
      });
      expect(register.status).toBe(201);
      const login = await busy.request('POST', '/api/v1/auth/login', { body: { email: 'busy@example.com', password: 'correct-horse-42' } });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const category = await busy.request('POST', '/api/v1/categories', { body: { name: 'Busy', slug: 'busy', type: 'TODO' }, cookie });
      expect(category.status).toBe(201);
      // Writes go on until a few have finished after the backup: some rows are surely newer than it.
      let stopAt = Infinity;
      let written = 0;
      const writer = (async () => {
        while (written < stopAt) {
          const response = await busy.request('POST', '/api/v1/todos', { body: { title: `Todo ${written}`, category: category.body.data._id }, cookie });
          if (response.status !== 201) throw new Error(`A todo was refused: ${response.text}`);
          written++;
        }
      })();
      // A few rows in before the backup starts (a writer that fails ends the wait with its error).
      while (written < 10) await Promise.race([writer, new Promise((resolve) => setTimeout(resolve, 5))]);
      await backup({ url: busy.databaseUrl!, uploadDir: busy.config.uploads.dir }, out).finally(() => (stopAt = written + 3));
      await writer;

      const target = await newDatabase();
      await restore(out, { url: target.url, uploadDir: path.join(scratch, 'uploads-busy') });
      const sql = connectPostgres(target.url, { max: 1 });
      try {
        const todos = await sql<Array<{ id: string }>>`select id from todos order by id`;
        const events = await sql<Array<{ id: string }>>`select entity_id as id from events where type = 'todo.created' order by entity_id`;
        expect(todos.length).toBeGreaterThanOrEqual(10);
        expect(todos.length).toBeLessThan(written);
        expect(events).toEqual(todos);
      } finally {
        await sql.end();
      }
    } finally {
      await busy.close();
    }
  });
});
