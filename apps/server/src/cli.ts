import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { backup, BackupError, defaultBackupDir, restore, type Target } from './ops/backup.js';

const usage = `Usage:
  npm run backup [-- <folder>]    write a backup (default: ./backups/tasklane-<time>)
  npm run restore -- <folder>     load a backup into an empty DATA_DIR or database
The database is the one the app uses: DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL);
attachment files come from and go to UPLOAD_DIR (default DATA_DIR/uploads).`;

async function main(argv: string[]): Promise<number> {
  const [command, folder] = argv;
  if (command !== 'backup' && command !== 'restore') {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const uploadDir = config.uploads.dir;
  const target: Target = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, uploadDir }
    : { kind: 'pglite', dataDir: config.dataDir, uploadDir };
  const where = target.kind === 'pglite' ? `the embedded database in ${target.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  if (command === 'backup') {
    const out = folder ?? defaultBackupDir();
    const manifest = await backup(target, out);
    const files = manifest.uploads?.files ?? 0;
    console.log(`Backed up ${where} and ${files} attachment file${files === 1 ? '' : 's'} to ${out} (${manifest.migrations} migrations applied).`);
    return 0;
  }
  if (!folder) {
    console.error(usage);
    return 2;
  }
  const manifest = await restore(folder, target);
  const files = manifest.uploads?.files ?? 0;
  console.log(`Restored ${folder} into ${where}, and ${files} attachment file${files === 1 ? '' : 's'} into ${uploadDir}. Start the app (npm start) to serve it; newer migrations apply at start.`);
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
