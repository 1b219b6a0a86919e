// A process that takes the data-directory lock, for the lock's tests:
//   node --import tsx apps/server/test/lock-holder.ts <dataDir> hold|exit|die
// It prints "locked by pid N" once it holds the lock, then holds it until killed (hold), exits
// normally (exit), or kills itself with SIGKILL, as `docker kill` or the OOM killer would (die).
// Refused, it prints the error's message to stderr and exits with 3.
import fs from 'node:fs';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.js';

const [dataDir, mode = 'hold'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: lock-holder.ts <dataDir> hold|exit|die');

try {
  await lockDataDir(dataDir);
} catch (error) {
  fs.writeSync(2, `${(error as Error).message}\n`);
  process.exit(error instanceof DataDirLockedError ? 3 : 1);
}
// Written synchronously: the process may be killed right after.
fs.writeSync(1, `locked by pid ${process.pid}\n`);
if (mode === 'die') process.kill(process.pid, 'SIGKILL');
else if (mode === 'exit') process.exit(0);
else setInterval(() => {}, 60_000);
