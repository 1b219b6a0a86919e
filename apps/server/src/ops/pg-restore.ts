import { spawn } from 'node:child_process';
import { BackupError } from './backup-error.js';

/**
 * Version-1 backups of PostgreSQL hold a pg_dump archive (custom format): only pg_restore reads
 * it, so restoring one still needs PostgreSQL's client tools on PATH. Version 2 needs none.
 */
export async function restorePgDump(dump: string, url: string): Promise<void> {
  const { dbname, env } = libpqConnection(url);
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dump], env);
}

/** libpq reads the password from the environment, so it never shows in the process list. */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} was not found. Install PostgreSQL's client tools (Debian: apt-get install -y postgresql-client).`)
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
