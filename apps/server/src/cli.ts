import { type Config, ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { backup, BackupError, defaultBackupDir, restore, type Target } from './ops/backup.js';

const usage = `Usage:
  npm run backup [-- <folder>]    write a backup (default: ./backups/tasklane-<time>)
  npm run restore -- <folder>     load a backup into an empty database and an empty UPLOAD_DIR
The database is the one the app uses (DATABASE_URL); attachment files come from and go to
UPLOAD_DIR (default DATA_DIR/uploads). A backup restores into any PostgreSQL the app supports.`;

/**
 * The PostgreSQL a backup reads and a restore writes: DATABASE_URL when set. The seam where
 * the embedded server (issue 15) comes in: without DATABASE_URL it will be that server's URL.
 */
async function databaseUrlFor(config: Config): Promise<{ url: string; where: string }> {
  if (config.databaseUrl) return { url: config.databaseUrl, where: 'PostgreSQL (DATABASE_URL)' };
  throw new BackupError("Backups of the embedded database need issue 15's embedded server.");
}

async function main(argv: string[]): Promise<number> {
  const [command, folder] = argv;
  if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !folder)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const uploadDir = config.uploads.dir;
  const { url, where } = await databaseUrlFor(config);
  const target: Target = { url, uploadDir };
  const plural = (count: number) => `${count} attachment file${count === 1 ? '' : 's'}`;
  if (command === 'backup') {
    const out = folder ?? defaultBackupDir();
    const manifest = await backup(target, out);
    const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backed up ${where} (${manifest.database.tables.length} tables, ${rows} rows) and ${plural(manifest.uploads.files)} to ${out}.`);
    return 0;
  }
  const manifest = await restore(folder!, target);
  console.log(`Restored ${folder} into ${where}, and ${plural(manifest.uploads?.files ?? 0)} into ${uploadDir}. Start the app (npm start) to serve it.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
