import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('refuses a second lock while the first holder lives, and allows one after release', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Tasklane process/);
    release();
    const again = lockDataDir(dir);
    again();
    expect(fs.existsSync(path.join(dir, 'tasklane.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = freshDir();
    // A pid that certainly no longer runs: a child that has already exited.
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(path.join(dir, 'tasklane.lock'), child.stdout.toString());
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'tasklane.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('creates the data directory when it does not exist', () => {
    const dir = path.join(freshDir(), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(fs.existsSync(dir)).toBe(true);
    release();
  });
});
