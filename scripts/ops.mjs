// `npm run backup` and `npm run restore`: build the server if stale, then run its command line
// (apps/server/src/cli.ts) with the same configuration as `npm start` (DATA_DIR, DATABASE_URL).
import { buildIfNeeded } from './build.mjs';

await buildIfNeeded({ only: 'server' });
await import('../apps/server/dist/cli.js');
