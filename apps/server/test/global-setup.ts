import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client.js';
import { connectPostgres, withDatabase } from '../src/db/connect.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { findLeakedSecrets } from './log-audit.js';

/**
 * The API tests run on PostgreSQL: the embedded server the app itself runs (one cluster for the
 * whole run, in a temporary folder, durability off for speed), or the server TEST_DATABASE_URL
 * names when TEST_BACKEND=postgres. On the embedded one a migrated template database is made
 * once here, and each test file copies it (CREATE DATABASE ... TEMPLATE: a few milliseconds).
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
  const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: clusterDir, durable: false }).catch((error: unknown) => {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const adminUrl = server.urlFor('postgres');
    const admin = connectPostgres(adminUrl, { max: 1 });
    await admin.unsafe(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openPostgres(withDatabase(adminUrl, TEMPLATE_DATABASE), 1);
    await template.migrate();
    await template.close();
    project.provide('embeddedServerUrl', adminUrl);
  } catch (error) {
    await server.stop();
    fs.rmSync(clusterDir, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await server.stop();
    fs.rmSync(clusterDir, { recursive: true, force: true });
    auditLogs();
  };
}

/** The migrated empty database each test file copies on the embedded server. */
export const TEMPLATE_DATABASE = 'tasklane_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's embedded server (its `postgres` database), unless TEST_BACKEND=postgres. */
    embeddedServerUrl: string;
    logAuditDir: string;
  }
}
