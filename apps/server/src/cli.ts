import { type Config, ConfigError, loadConfig } from './config.js';
import fs from 'node:fs';
import path from 'node:path';
import { EMBEDDED_DATABASE, prepareAppDatabase } from './db/embedded-database.js';
import { clusterDirOf, EMBEDDED_SUPERUSER, EmbeddedPostgresError, socketDirOf, socketFileOf, startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { socketUrl } from './db/connect.js';
import { DataDirLockedError, lockDataDir } from './db/lock.js';
import { backup, BackupError, defaultBackupDir, restore, type Target } from './ops/backup.js';
import { AdminCommandError, adminUsage, parseAdminCommand, runAdminCommand } from './ops/admin-cli.js';
import { openPostgres } from './db/client.js';

const usage = `Usage:
  npm run backup [-- <folder>]    write a backup (default: ./backups/tasklane-<time>)
  npm run restore -- <folder>     load a backup into an empty database and an empty UPLOAD_DIR
The database is the one the app uses: DATABASE_URL, or the embedded one in DATA_DIR (a backup
reads it while the app runs; a restore needs the app stopped). Attachment files come from and go
to UPLOAD_DIR (default DATA_DIR/uploads). A backup restores into any PostgreSQL the app supports.`;

/**
 * The PostgreSQL a backup reads and a restore writes: DATABASE_URL when set, else the embedded
 * server in DATA_DIR. While the app runs, a backup reads through the app's own server (its socket
 * in DATA_DIR/run: one consistent snapshot, the app keeps serving); a restore needs the app
 * stopped. With the app stopped, the command starts the embedded server itself for its work and
 * stops it afterwards.
 */
async function databaseFor(config: Config, command: 'backup' | 'restore' | 'admin'): Promise<{ url: string; where: string; done(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, where: 'PostgreSQL (DATABASE_URL)', async done() {} };
  const dataDir = config.dataDir;
  const where = `the embedded database in ${dataDir}`;
  let release: () => void;
  try {
    release = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    if (command === 'restore') throw new BackupError(`Tasklane is running on ${dataDir}: stop it first, then restore into an empty DATA_DIR.`);
    // A backup and an admin command go through the running app's own server.
    if (!fs.existsSync(socketFileOf(dataDir))) throw error;
    return { url: socketUrl(socketDirOf(dataDir), EMBEDDED_DATABASE, EMBEDDED_SUPERUSER), where, async done() {} };
  }
  let server: EmbeddedServer | undefined;
  try {
    if (command !== 'restore' && !fs.existsSync(path.join(clusterDirOf(dataDir), 'PG_VERSION')) && !fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
      throw new BackupError(
        command === 'backup' ? `There is no Tasklane database in ${dataDir} to back up.` : `There is no Tasklane database in ${dataDir}: start the app once (npm start), or set DATA_DIR or DATABASE_URL as npm start has them.`,
      );
    }
    const progress = (message: string) => console.log(message);
    server = await startEmbeddedPostgres({ dataDir, onProgress: progress });
    await prepareAppDatabase(server, dataDir, progress);
  } catch (error) {
    await server?.stop();
    release();
    throw error;
  }
  const running = server;
  return {
    url: running.urlFor(EMBEDDED_DATABASE),
    where,
    async done() {
      try {
        await running.stop();
      } finally {
        release();
      }
    },
  };
}

/**
 * `npm run admin -- <command>` (issue 16): `--help` (or `-h`) prints the usage and exits with 0,
 * as `npm run backup -- --help` does; anything that is not a command exits with 1 and the usage.
 */
async function admin(args: string[]): Promise<number> {
  if (asksForHelp(args)) {
    console.log(adminUsage);
    return 0;
  }
  const command = parseAdminCommand(args);
  if (!command) {
    console.error(adminUsage);
    return 1;
  }
  const config = loadConfig();
  const database = await databaseFor(config, 'admin');
  try {
    const connection = await openPostgres(database.url, 1, { preparedStatements: false });
    try {
      const { lines } = await runAdminCommand(connection.db, config, command);
      console.log(lines.join('\n'));
      return 0;
    } catch (error) {
      // A database an older Tasklane left: the app upgrades it when it starts.
      if (error instanceof Error && /does not exist/.test(String((error as { cause?: unknown }).cause ?? error.message))) {
        throw new AdminCommandError(`The database in use is not up to date for this version of Tasklane: start the app once (npm start) to upgrade it, then try again.`);
      }
      throw error;
    } finally {
      await connection.close();
    }
  } finally {
    await database.done();
  }
}

/** Asked for help: the usage, never a backup written to a folder (or an account) called "--help". */
function asksForHelp(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--help' || arg === '-h');
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'admin') return admin(argv.slice(1));
  const [command, folder, ...extra] = argv;
  if (asksForHelp(argv.slice(1))) {
    console.log(usage);
    return 0;
  }
  const isOption = folder !== undefined && folder.startsWith('-');
  if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !folder) || isOption || extra.length > 0) {
    if (isOption) console.error(`Unknown option ${folder}. For a folder whose name starts with "-", write ./${folder}.`);
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const uploadDir = config.uploads.dir;
  const database = await databaseFor(config, command);
  try {
    const target: Target = { url: database.url, uploadDir };
    const plural = (count: number) => `${count} attachment file${count === 1 ? '' : 's'}`;
    if (command === 'backup') {
      const out = folder ?? defaultBackupDir();
      const manifest = await backup(target, out);
      const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
      console.log(`Backed up ${database.where} (${manifest.database.tables.length} tables, ${rows} rows) and ${plural(manifest.uploads.files)} to ${out}.`);
      return 0;
    }
    const manifest = await restore(folder!, target);
    console.log(`Restored ${folder} into ${database.where}, and ${plural(manifest.uploads?.files ?? 0)} into ${uploadDir}. Start the app (npm start) to serve it.`);
    return 0;
  } finally {
    await database.done();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminCommandError || error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
