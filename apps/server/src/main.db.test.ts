import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { backend, createScratchPostgres } from '../test/test-server.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const READY = 'Tasklane is ready at ';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Resolves with the first stdout line that starts with `prefix`; rejects with the output if the process exits first. */
function lineStartingWith(child: ChildProcess, prefix: string): Promise<{ line: string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith(prefix));
      if (line !== undefined) resolve({ line, output });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The server exited (code ${code}) before printing "${prefix}":\n${output}`)));
  });
}

it(
  'prints one plain line when it serves: the URL to open and the database, besides the JSON logs',
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-main-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (backend === 'postgres') {
      const scratch = await createScratchPostgres();
      cleanups.push(() => scratch.drop());
      databaseUrl = scratch.url;
    }
    // The server as `npm start` runs it, from the sources: the real process, its real stdout.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(async () => {
      child.kill('SIGKILL');
      await exited;
    });

    const { line, output } = await lineStartingWith(child, READY);
    const url = /^Tasklane is ready at (http:\/\/127\.0\.0\.1:\d+) \(database: (.+)\)$/.exec(line);
    expect(url, line).not.toBeNull();
    if (backend === 'postgres') {
      const { hostname, port, pathname, password } = new URL(databaseUrl);
      expect(url![2]).toBe(`PostgreSQL at ${hostname}:${port || '5432'}${pathname}`);
      if (password) expect(line).not.toContain(password);
    } else {
      expect(url![2]).toBe(`embedded PGlite in ${dataDir}`);
    }
    // It says so once it serves, and the JSON logs are still there.
    const health = await fetch(`${url![1]}/api/v1/health`);
    expect(health.status).toBe(200);
    const logs = output.split('\n').filter((candidate) => candidate.startsWith('{'));
    expect(logs.map((json) => JSON.parse(json).msg)).toContain('Tasklane is listening');
    expect(output.split('\n').filter((candidate) => candidate.startsWith(READY))).toHaveLength(1);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  },
  120_000,
);
