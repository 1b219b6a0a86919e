// `npm run dev`: the API with reload on change (tsx watch) on PORT (3000), and Vite's dev
// server with hot module replacement on 5173, which proxies /api to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? 'http://localhost:5173' },
  }),
  spawn(bin('vite'), ['--port', '5173', '--strictPort'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log('Tasklane dev: open http://localhost:5173 (API on http://localhost:3000)');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
