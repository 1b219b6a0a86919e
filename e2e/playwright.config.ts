import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// Chromium comes from Debian (never `playwright install`): fail loudly when it is missing.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  throw new Error(
    `Chromium was not found at ${chromiumPath}. Install it with \`apt-get install -y chromium\` ` +
      '(or point CHROMIUM_PATH at a Chromium executable).',
  );
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function findFreePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// Computed once in the main process; workers load this file again and must see the same values.
process.env.E2E_PORT ??= findFreePort();
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Only the process that made the directory removes it, once the server has been stopped.
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  // Generous budgets: the journeys are long, and on two shared cores two Chromiums and the
  // server starve each other (seen: the same journey 20 s alone, past 30 s beside another).
  // A budget only bounds a hung test; what a test asserts does not depend on it.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: path.join(repoRoot, 'test-results'),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /instance-admin\.spec\.ts/, use: { ...devices['Desktop Chrome'], headless: true } },
    // Closes registration for the whole instance (issue 16): alone, once every other spec (which
    // registers its own users) is done.
    { name: 'instance-admin', testMatch: /instance-admin\.spec\.ts/, dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], headless: true } },
  ],
  webServer: {
    // The production build (made by `node scripts/build.mjs` before Playwright runs).
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${baseURL}/api/v1/health`,
    // Playwright passes its own environment on; pin what would point the server elsewhere.
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Never a real database from the caller's shell: always the fresh embedded one.
      DATABASE_URL: '',
      // Plain http on 127.0.0.1: a Secure cookie would never come back.
      COOKIE_SECURE: 'false',
      TRUST_PROXY: '',
      ALLOWED_ORIGINS: '',
      WEB_DIST: '',
      // Every test registers and signs in its own user from this one address; the rate
      // limit itself is covered by the API tests.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      API_RATE_LIMIT_PER_IP: '0',
      // Small upload limits, so the attachment tests can go past them with small files.
      UPLOAD_MAX_FILE_MB: '2',
      UPLOAD_MAX_FILES: '5',
      // The webhook spec's receiver runs on loopback (issue 20).
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
