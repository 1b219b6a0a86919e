import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliTimeout, runCli } from '../../test/backup-scene.js';

/** `npm run backup` and `npm run restore` read their arguments before they touch any database. */
describe('the backup command line: its arguments', cliTimeout, () => {
  // Its working folder, where a mistaken backup would land; DATA_DIR has no database in it.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-cli-args-'));
  const env = { DATA_DIR: scratch };
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it.each([
    ['backup', '--help'],
    ['backup', '-h'],
    ['restore', '--help'],
  ])('answers %s %s with the usage, exit 0, and writes nothing', async (...args) => {
    const { stdout } = await runCli(args, env, { cwd: scratch });
    expect(stdout).toContain('npm run backup [-- <folder>]');
    expect(stdout).toContain('npm run restore -- <folder>');
    expect(fs.readdirSync(scratch)).toEqual([]);
  });

  it.each([
    [['backup', '--out', 'x']],
    [['backup', '-x']],
    [['backup', 'one', 'two']],
    [['restore']],
    [['copy', 'x']],
  ])('refuses %j with the usage, exit 2, and writes nothing', async (args) => {
    const failure = (await runCli(args, env, { cwd: scratch }).then(
      () => undefined,
      (error: unknown) => error,
    )) as { code: number; stderr: string } | undefined;
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('npm run backup [-- <folder>]');
    expect(fs.readdirSync(scratch)).toEqual([]);
  });

  it('names the option it does not know', async () => {
    const failure = (await runCli(['backup', '--out'], env, { cwd: scratch }).then(
      () => undefined,
      (error: unknown) => error,
    )) as { stderr: string } | undefined;
    expect(failure?.stderr).toContain('Unknown option --out.');
  });
});
