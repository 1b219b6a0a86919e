import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, isLockFileName, lockDataDir } from './lock.js';

// Real processes, each a node with the TypeScript loader: seconds on a busy machine.
const PROCESS_TEST_MS = 120_000;
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const holderScript = path.join(repoRoot, 'apps/server/test/lock-holder.ts');
const inNewPidNamespace = ['unshare', '--pid', '--fork', '--mount-proc'];
const canUnshare = process.platform === 'linux' && spawnSync(inNewPidNamespace[0]!, [...inNewPidNamespace.slice(1), 'true']).status === 0;

const dirs: string[] = [];
const children: ChildProcess[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  children.splice(0).forEach((child) => child.kill('SIGKILL'));
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

// Whatever lockDataDir does wrong, as a rejected promise.
const lock = async (dir: string) => lockDataDir(dir);
const lockFiles = (dir: string) => fs.readdirSync(dir).filter((name) => name.startsWith('tasklane'));
const inUse = (dir: string, pid: number) => `The data directory ${dir} is in use by another Tasklane process (pid ${pid}).`;

type Holder = { child: ChildProcess; stdout: string; stderr: string; exited: Promise<{ code: number | null; signal: string | null }> };

/** Starts lock-holder.ts on dir (hold, exit or die), optionally under a command such as unshare. */
function startHolder(dir: string, mode: 'hold' | 'exit' | 'die', under: string[] = []): Holder {
  const command = [...under, process.execPath, '--import', 'tsx', holderScript, dir, mode];
  const child = spawn(command[0]!, command.slice(1), { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const holder: Holder = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
  };
  child.stdout!.on('data', (chunk: Buffer) => (holder.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (holder.stderr += chunk.toString()));
  return holder;
}

/** Resolves once the holder holds the lock (true) or has exited without it (false). */
async function settled(holder: Holder): Promise<boolean> {
  const locked = new Promise<true>((resolve) => {
    const check = () => holder.stdout.includes('locked by pid') && resolve(true);
    holder.child.stdout!.on('data', check);
    check();
  });
  return Promise.race([locked, holder.exited.then(() => holder.stdout.includes('locked by pid'))]);
}

describe('lockDataDir', () => {
  it('refuses a second lock while the first holder lives, and allows one after release', async () => {
    const dir = freshDir();
    const release = await lock(dir);
    await expect(lock(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lock(dir)).rejects.toThrow(inUse(dir, process.pid));
    release();
    expect(lockFiles(dir)).toEqual([]);
    const again = await lock(dir);
    again();
  });

  it(
    'restarts in a new pid namespace, pid 1 again as in a container, after the last pid 1 was killed',
    async (ctx) => {
      ctx.skip(!canUnshare, 'unshare --pid --fork --mount-proc is not available here (needs Linux, util-linux and root)');
      const dir = freshDir();
      const killed = startHolder(dir, 'die', inNewPidNamespace);
      await killed.exited;
      expect(killed.stdout).toContain('locked by pid 1\n');

      const restarted = startHolder(dir, 'exit', inNewPidNamespace);
      const { code } = await restarted.exited;
      expect(restarted.stderr).toBe('');
      expect(restarted.stdout).toBe('locked by pid 1\n');
      expect(code).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'takes over a stale lock that names a live unrelated process',
    async () => {
      const dir = freshDir();
      const unrelated = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
      children.push(unrelated);
      const killed = startHolder(dir, 'die');
      await killed.exited;
      expect(killed.stdout).toContain('locked by pid');
      // Whatever the dead holder left now names the live pid, as a pid reused by the system would.
      for (const name of lockFiles(dir)) {
        fs.renameSync(path.join(dir, name), path.join(dir, name.replace(/^tasklane\.\d+/, `tasklane.${unrelated.pid}`)));
      }
      fs.writeFileSync(path.join(dir, 'tasklane.lock'), String(unrelated.pid));

      const release = await lock(dir);
      await expect(lock(dir)).rejects.toThrow(inUse(dir, process.pid));
      release();
      expect(lockFiles(dir)).toEqual([]);
    },
    PROCESS_TEST_MS,
  );

  it(
    'refuses a second live process at once, naming the holder, and lets it in once the holder is killed',
    async () => {
      const dir = freshDir();
      const first = startHolder(dir, 'hold');
      expect(await settled(first)).toBe(true);
      const firstPid = first.child.pid!;

      const second = startHolder(dir, 'exit');
      expect((await second.exited).code).toBe(3);
      expect(second.stdout).toBe('');
      expect(second.stderr).toContain(inUse(dir, firstPid));
      await expect(lock(dir)).rejects.toThrow(inUse(dir, firstPid));

      first.child.kill('SIGKILL');
      await first.exited;
      const third = startHolder(dir, 'exit');
      expect((await third.exited).code).toBe(0);
      expect(third.stdout).toBe(`locked by pid ${third.child.pid}\n`);
    },
    PROCESS_TEST_MS,
  );

  it(
    'lets at most one of several processes that start together hold the directory',
    async () => {
      const dir = freshDir();
      const holders = [0, 1, 2].map(() => startHolder(dir, 'hold'));
      const outcomes = await Promise.all(holders.map(settled));
      expect(outcomes.filter(Boolean).length).toBeLessThanOrEqual(1);
      for (const [index, holder] of holders.entries()) {
        if (!outcomes[index]) expect(holder.stderr).toMatch(/is in use by another Tasklane process \(pid \d+\)/);
      }
    },
    PROCESS_TEST_MS,
  );

  it('locks a data directory whose path is longer than a socket address can be', async (ctx) => {
    ctx.skip(process.platform !== 'linux', 'long paths go through /proc/self/fd, which only Linux has');
    const parent = freshDir();
    const dir = path.join(parent, 'a'.repeat(60), 'b'.repeat(60));
    const release = await lock(dir);
    await expect(lock(dir)).rejects.toThrow(inUse(dir, process.pid));
    // Nothing lands outside the directory, as a silently shortened socket path would.
    expect(fs.readdirSync(parent)).toEqual(['a'.repeat(60)]);
    expect(fs.readdirSync(path.dirname(dir))).toEqual(['b'.repeat(60)]);
    release();
    expect(lockFiles(dir)).toEqual([]);
  });

  it('names its files so that a copy of the directory can leave them out', async () => {
    const dir = freshDir();
    fs.mkdirSync(path.join(dir, 'pglite'));
    fs.writeFileSync(path.join(dir, 'tasklane.lock'), '1');
    const release = await lock(dir);
    const copy = path.join(freshDir(), 'copy');
    fs.cpSync(dir, copy, { recursive: true, filter: (source) => !isLockFileName(path.basename(source)) });
    expect(fs.readdirSync(copy)).toEqual(['pglite']);
    release();
  });

  it('creates the data directory when it does not exist', async () => {
    const dir = path.join(freshDir(), 'nested', 'data');
    const release = await lock(dir);
    expect(fs.existsSync(dir)).toBe(true);
    release();
  });
});
