import { afterEach, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { backend } from '../test/test-server.js';

const READY = 'Tasklane is ready at ';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});


/** Resolves with the first stdout line that starts with `prefix`; rejects with the output if the process exits first. */
function lineStartingWith({ child, output, exited }: ServerProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const line = output()
        .split('\n')
        .find((candidate) => candidate.startsWith(prefix));
      if (line !== undefined) resolve(line);
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`The server exited (code ${code}) before printing "${prefix}":\n${output()}`)));
  });
}

it(
  'prints one plain line when it serves: the URL to open and the database, besides the JSON logs',
  async () => {
    // The server as `npm start` runs it, from the sources: the real process, its real stdout.
    const started = await startServerProcess(cleanups);
    const { child, dataDir, databaseUrl, exited } = started;

    const line = await lineStartingWith(started, READY);
    const url = /^Tasklane is ready at (http:\/\/127\.0\.0\.1:\d+) \(database: (.+)\)$/.exec(line);
    expect(url, line).not.toBeNull();
    if (backend === 'postgres') {
      // Exactly host, port and database: no user, no password (the test server's may be a word
      // that the database name contains, so the whole text is compared).
      const { hostname, port, pathname } = new URL(databaseUrl);
      expect(url![2]).toBe(`PostgreSQL at ${hostname}:${port || '5432'}${pathname}`);
      expect(line).not.toContain('@');
    } else {
      expect(url![2]).toBe(`embedded PostgreSQL in ${dataDir}`);
    }
    // It says so once it serves.
    const health = await fetch(`${url![1]}/api/v1/health`);
    expect(health.status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Once, and the JSON logs are all still there.
    const lines = started.output().split('\n');
    expect(lines.filter((candidate) => candidate.startsWith(READY))).toEqual([line]);
    const messages = lines.filter((candidate) => candidate.startsWith('{')).map((json) => JSON.parse(json).msg);
    expect(messages).toContain('Tasklane is listening');
  },
  120_000,
);
