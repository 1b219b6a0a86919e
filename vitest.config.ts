import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The API tests mostly wait on PostgreSQL and their servers: three files at a time keep both
    // cores of the test machines busy where the default (one per core) leaves them half idle.
    maxWorkers: 3,
    projects: [
      {
        // The web app's '@/' import alias, as in apps/web/vite.config.ts.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'tools/**/*.test.ts',
            'bench/lib/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.routes.test.ts', '**/*.db.test.ts'],
        },
      },
      {
        // Component tests (*.test.tsx): React screens in a DOM (happy-dom) with Testing Library,
        // the server faked behind fetch and XMLHttpRequest (apps/web/src/lib/testing).
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'component',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/lib/testing/setup.ts'],
          // A screen's test types and clicks through a whole journey; on a loaded machine that is seconds.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.routes.test.ts', 'apps/server/src/**/*.db.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Slow checks against the real server process (npm run test:reliability, run by CI).
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['apps/server/reliability/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 20 * 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
