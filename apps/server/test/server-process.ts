import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backend, createScratchPostgres } from './test-server.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  dataDir: string;
  /** The external database it uses ('' on the embedded one). */
  databaseUrl: string;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with its exit code once every byte it wrote has been read ('close', not 'exit'). */
  exited: Promise<number | null>;
};

/**
 * The server as `npm start` runs it, from the sources: the real process (on a fresh DATA_DIR,
 * and a scratch database on the external backend), its real stdout. `cleanups` gets what stops
 * it and removes its data.
 */
export async function startServerProcess(cleanups: Array<() => unknown>, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-process-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (backend === 'postgres') {
    const scratch = await createScratchPostgres();
    cleanups.push(() => scratch.drop());
    databaseUrl = scratch.url;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  return { child, dataDir, databaseUrl, output: () => output, exited };
}
