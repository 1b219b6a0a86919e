// `npm run typecheck`: tsc on each TypeScript project, two at a time (tsc uses one core; the
// test machines have two). Prints each project's errors and exits non-zero if any failed.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// The biggest first, so that the small ones fill in beside it.
const projects = ['apps/web', 'apps/server', 'e2e', 'bench', 'packages/contract', 'tools'];
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      console.log(`${result.ok ? 'ok  ' : 'FAIL'}  tsc -p ${project}`);
      if (!result.ok) process.stdout.write(result.output);
      results.push(result);
    }
  }),
);
process.exit(results.every((result) => result.ok) ? 0 : 1);
