import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.js';
import { findLeakedSecrets } from './log-audit.js';

/**
 * Creating a PGlite database costs seconds; loading a dump costs a fraction of one. The
 * migrated empty database is made once here, and each test file loads its own copy.
 */
export default async function setup(project: TestProject) {
  const auditDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-log-audit-'));
  project.provide('logAuditDir', auditDir);
  const auditLogs = () => {
    const { files, lines, secrets, leaks } = findLeakedSecrets(auditDir);
    fs.rmSync(auditDir, { recursive: true, force: true });
    console.log(`Log audit: ${lines} log lines from ${files} test servers checked against ${secrets} passwords and session tokens.`);
    if (leaks.length > 0) {
      // Vitest reports an error thrown here but still exits 0: fail the run explicitly.
      console.error(`Secrets reached the logs:\n${leaks.slice(0, 20).join('\n')}`);
      process.exitCode = 1;
    }
  };
  if (process.env.TEST_BACKEND === 'postgres') return auditLogs;
  const database = await openPglite();
  await database.migrate();
  const dump = await database.dumpDataDir();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    auditLogs();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    logAuditDir: string;
  }
}
