import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { cliTimeout, expectServes, runCli, seed, servePglite } from '../../test/backup-scene.js';
import { backend } from '../../test/test-server.js';

/**
 * The default install (no DATABASE_URL): a DATA_DIR of an earlier Tasklane, whose database was
 * PGlite, moves into the embedded PostgreSQL on its first start; `npm run backup` reads the
 * embedded database while the app serves, and `npm run restore` loads it into a new DATA_DIR.
 * Each test runs the app on a DATA_DIR of its own, with its own embedded server.
 */
describe.runIf(backend === 'embedded')('the embedded database: the PGlite upgrade, backup and restore', cliTimeout, () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-embedded-'));
  // As a home folder is: others may pass through (the embedded server runs as 'postgres' under root).
  fs.chmodSync(scratch, 0o711);
  const running: RunningServer[] = [];
  afterAll(async () => {
    for (const server of running) await server.close().catch(() => {});
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** The app as `npm start` runs it on `dataDir`, what it printed for the person starting it. */
  const start = async (dataDir: string, uploadDir: string) => {
    const progress: string[] = [];
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, UPLOAD_DIR: uploadDir, LOG_LEVEL: 'silent', API_RATE_LIMIT_PER_IP: '0' });
    const server = await startServer(config, { onProgress: (message) => progress.push(message) });
    running.push(server);
    return { server, progress };
  };

  it("moves an earlier Tasklane's PGlite DATA_DIR into the embedded server on the first start, once, keeping the old folder aside", async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, 'upgrade-'));
    const uploads = path.join(dataDir, 'uploads');
    const old = await servePglite(dataDir, uploads);
    const seeded = await seed(old.url).finally(() => old.close());

    const first = await start(dataDir, uploads);
    await expectServes(first.server.url, seeded);
    expect(first.progress.join('\n')).toContain("Moving this DATA_DIR's data from PGlite");
    expect(first.progress).toEqual(expect.arrayContaining([expect.stringMatching(/^ {2}todos: 3 rows$/)]));
    const kept = fs.readdirSync(dataDir).filter((name) => name.startsWith('pglite'));
    expect(kept).toEqual([expect.stringMatching(/^pglite\.moved-to-postgres-/)]);
    expect(first.progress.join('\n')).toContain(path.join(dataDir, kept[0]!));
    await first.server.close();

    // Moved once: the next start serves what the first one wrote, and moves nothing.
    const second = await start(dataDir, uploads);
    expect(second.progress.join('\n')).not.toContain('Moving');
    const todos = await fetch(`${second.server.url}/api/v1/todos`, { headers: { cookie: seeded.cookie } });
    expect(((await todos.json()) as { todos: Array<{ title: string }> }).todos.map((todo) => todo.title)).toContain('After the restore');
    await second.server.close();
  });

  it('backs the embedded database up while the app serves, refuses to restore under a running app, and restores into a new DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, 'serving-'));
    const uploads = path.join(dataDir, 'uploads');
    const { server, progress } = await start(dataDir, uploads);
    expect(progress.join('\n')).toContain('Creating the embedded database');
    const seeded = await seed(server.url);
    const backupDir = path.join(scratch, 'backup');

    const { stdout } = await runCli(['backup', backupDir], { DATA_DIR: dataDir, UPLOAD_DIR: uploads });
    expect(stdout).toContain(`Backed up the embedded database in ${dataDir}`);
    expect(stdout).toContain('and 1 attachment file');
    await expect(runCli(['restore', backupDir], { DATA_DIR: dataDir, UPLOAD_DIR: uploads })).rejects.toMatchObject({
      stderr: expect.stringContaining('stop it first'),
    });
    await server.close();

    const restoredDir = fs.mkdtempSync(path.join(scratch, 'restored-'));
    const restoredUploads = path.join(restoredDir, 'uploads');
    await runCli(['restore', backupDir], { DATA_DIR: restoredDir, UPLOAD_DIR: restoredUploads });
    const restored = await start(restoredDir, restoredUploads);
    await expectServes(restored.server.url, seeded);
    await restored.server.close();
    // A restore needs an empty database: the one just restored into is not.
    await expect(runCli(['restore', backupDir], { DATA_DIR: restoredDir, UPLOAD_DIR: path.join(scratch, 'other-uploads') })).rejects.toMatchObject({
      stderr: expect.stringContaining('not empty'),
    });
  });
});
