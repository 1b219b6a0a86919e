import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.js';

/**
 * Creating a PGlite database costs seconds; loading a dump costs a fraction of one. The
 * migrated empty database is made once here, and each test file loads its own copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_BACKEND === 'postgres') return;
  const database = await openPglite();
  await database.migrate();
  const dump = await database.dumpDataDir();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
