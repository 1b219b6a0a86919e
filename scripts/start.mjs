// `npm start`: build what is stale, then run the server in this same process, so that
// SIGTERM and SIGINT reach its graceful shutdown directly.
import { buildIfNeeded } from './build.mjs';

await buildIfNeeded();
await import('../apps/server/dist/main.js');
