import { fileURLToPath } from 'node:url';

// This file sits directly under src/ and is bundled into dist/main.js: in both cases
// one level up is the server package's root.
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
