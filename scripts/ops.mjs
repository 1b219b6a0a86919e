// `npm run backup`, `npm run restore` and `npm run admin`: build the server if stale, then run its command line
// (apps/server/src/cli.ts) with the same configuration as `npm start` (DATA_DIR, DATABASE_URL).
import { buildIfNeeded } from './build.mjs';

await buildIfNeeded({ only: 'server' });
await import('../apps/server/dist/cli.js');
