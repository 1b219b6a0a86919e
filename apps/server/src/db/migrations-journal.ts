import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsDir } from '../paths.js';

type Journal = { entries: Array<{ tag: string }> };

function readJournal(): Journal {
  return JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** How many migrations this version of the app has. */
export function appMigrationCount(): number {
  return readJournal().entries.length;
}

/**
 * How many migrations come before the one whose tag ends with `_${name}` (its number may change
 * at a merge, its name does not): a test brings a database to the schema just before it.
 */
export function migrationsBefore(name: string): number {
  const index = readJournal().entries.findIndex((entry) => entry.tag.endsWith(`_${name}`));
  if (index < 0) throw new Error(`no ${name} migration`);
  return index;
}

/**
 * Calls `use` with a migrations folder holding only the app's first `count` migrations (drizzle's
 * migrator applies whatever its journal lists), so a database can be brought to exactly the schema
 * an older backup was made with. The whole folder is the app's own when `count` is all of them.
 */
export async function withMigrationsUpTo<T>(count: number, use: (migrationsFolder: string) => Promise<T>): Promise<T> {
  const journal = readJournal();
  if (!Number.isInteger(count) || count < 0 || count > journal.entries.length) {
    throw new Error(`This version has ${journal.entries.length} migrations, not ${count}.`);
  }
  if (count === journal.entries.length) return use(migrationsDir);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-migrations-'));
  try {
    const entries = journal.entries.slice(0, count);
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) fs.copyFileSync(path.join(migrationsDir, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    return await use(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
