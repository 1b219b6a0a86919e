import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type postgres from 'postgres';
import { migratePostgresDatabase } from '../db/client.js';
import { connectPostgres } from '../db/connect.js';
import { appMigrationCount, withMigrationsUpTo } from '../db/migrations-journal.js';
import { BackupError } from './backup-error.js';

/**
 * A logical dump: every table of the `public` schema as PostgreSQL's COPY text, one file each,
 * read in one snapshot, plus how many migrations had made the schema. The schema itself is not
 * dumped: a load rebuilds it by running those migrations, so a dump needs no server tools
 * (pg_dump) and loads into any PostgreSQL the app supports. See docs/decisions/012.
 */
export interface DumpedTable {
  name: string;
  /** The table's file in the dump folder: `<name>.copy`. */
  file: string;
  /** The columns in the file, in order (generated columns are left out: they are computed again). */
  columns: string[];
  rows: number;
}

export interface TableDump {
  /** How many of the app's migrations the database had applied. */
  migrations: number;
  tables: DumpedTable[];
}

/** Reports a table once its rows are in. */
export type LoadProgress = (table: string, rows: number) => void;

export const TABLE_NAME = /^[A-Za-z0-9_]+$/;
export const TABLE_FILE = /^[A-Za-z0-9_]+\.copy$/;

/**
 * COPY writes and reads values as text in the session's styles: these pin them, whatever the
 * server's or the role's defaults, so a dump reads back exactly (ISO dates, UTC offsets, floats
 * with every digit, bytea in hex).
 */
export const FORMAT_SETTINGS = [
  "set local client_encoding = 'UTF8'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  "set local timezone = 'UTC'",
  'set local extra_float_digits = 1',
  "set local bytea_output = 'hex'",
];

/** Every base table of `public` with its non-generated columns, in a stable order. */
export const TABLES_SQL = `
  select t.table_name::text as name, json_agg(c.column_name::text order by c.ordinal_position) as columns
  from information_schema.tables t
  join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
  where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
  group by t.table_name
  order by t.table_name collate "C"`;

/** A query, not a failed statement, when the table is missing: a failure would end the snapshot's transaction. */
export const MIGRATIONS_SQL = `
  select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
    else (select count(*)::int from drizzle.__drizzle_migrations) end as count`;

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const columnList = (columns: string[]) => columns.map(quoteIdent).join(', ');

/** COPY of a table's columns in text format to `destination` (stdout, or PGlite's '/dev/blob'). */
export function copyOutSql(table: { name: string; columns: string[] }, destination: string): string {
  return `copy (select ${columnList(table.columns)} from ${quoteIdent(table.name)}) to ${destination}`;
}

/** COPY text ends every row with a newline and escapes the ones inside values: newlines count rows. */
export function countRows(chunk: Uint8Array): number {
  let rows = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
  return rows;
}

export function fileFor(name: string): string {
  if (!TABLE_NAME.test(name)) throw new BackupError(`Table "${name}" has a name a backup cannot hold.`);
  return `${name}.copy`;
}

type Query = (text: string) => Promise<readonly object[]>;

export async function describeTables(query: Query): Promise<Array<{ name: string; columns: string[] }>> {
  return (await query(TABLES_SQL)) as Array<{ name: string; columns: string[] }>;
}

export async function countMigrations(query: Query): Promise<number> {
  const [row] = (await query(MIGRATIONS_SQL)) as Array<{ count: number }>;
  return Number(row?.count ?? 0);
}

/**
 * Dumps every table into `folder` inside one read-only repeatable-read transaction: one
 * consistent snapshot, taken while the app keeps serving (readers block no writer).
 */
export async function dumpTables(sql: postgres.Sql, folder: string): Promise<TableDump> {
  fs.mkdirSync(folder, { recursive: true });
  return sql.begin('isolation level repeatable read, read only', async (tx) => {
    for (const setting of FORMAT_SETTINGS) await tx.unsafe(setting);
    const query: Query = (text) => tx.unsafe(text);
    const migrations = await countMigrations(query);
    const tables: DumpedTable[] = [];
    for (const { name, columns } of await describeTables(query)) {
      const file = fileFor(name);
      const rows = await writeCountingRows(await tx.unsafe(copyOutSql({ name, columns }, 'stdout')).readable(), path.join(folder, file));
      tables.push({ name, file, columns, rows });
    }
    return { migrations, tables };
  });
}

async function writeCountingRows(source: Readable, file: string): Promise<number> {
  let rows = 0;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        rows += countRows(chunk);
        yield chunk;
      }
    },
    fs.createWriteStream(file, { flush: true }),
  );
  return rows;
}

export function assertKnownMigrations(migrations: number): void {
  if (migrations > appMigrationCount()) {
    throw new BackupError(`This backup was made by a newer Tasklane (${migrations} migrations); update Tasklane first.`);
  }
}

async function withPostgres<T>(url: string, use: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = connectPostgres(url, { max: 1 });
  try {
    return await use(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A restore writes only into a database without tables: it never mixes two histories. */
export async function assertEmptyDatabase(url: string): Promise<void> {
  const tables = await withPostgres(url, async (sql) => {
    const [row] = await sql<Array<{ count: number }>>`
      select count(*)::int as count from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`;
    return row?.count ?? 0;
  });
  if (tables > 0) throw new BackupError('The target database is not empty: restore into a new, empty PostgreSQL database.');
}

/**
 * Loads a dump into the empty database at `url`: its schema first, by the dump's own number of
 * migrations (the files hold that schema's columns), then every table in one transaction, then
 * the migrations the app has added since, so the database is complete without a start of the app.
 */
export async function loadTables(url: string, folder: string, tables: DumpedTable[], migrations: number, onProgress?: LoadProgress): Promise<void> {
  assertKnownMigrations(migrations);
  await assertEmptyDatabase(url);
  await withMigrationsUpTo(migrations, (migrationsFolder) => migratePostgresDatabase(url, migrationsFolder));
  try {
    await withPostgres(url, (sql) => sql.begin((tx) => loadRows(tx, folder, tables, migrations, onProgress)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      `Loading the tables failed (${reason}). The database now holds the schema without the data: drop it, create it again empty, and retry.`,
    );
  }
  await migratePostgresDatabase(url);
}

async function loadRows(tx: postgres.TransactionSql, folder: string, tables: DumpedTable[], migrations: number, onProgress?: LoadProgress) {
  for (const setting of FORMAT_SETTINGS) await tx.unsafe(setting);
  await assertSameTables(tx, tables, migrations);
  const isReplica = await switchOffChecks(tx);
  const ordered = await parentsFirst(tx, tables);
  // Without the replica role, user triggers (the live events' NOTIFY) are switched off by the
  // tables' owner instead, and foreign keys are checked: parents are loaded before children.
  if (!isReplica) for (const { name } of ordered) await tx.unsafe(`alter table ${quoteIdent(name)} disable trigger user`);
  // Some migrations seed a row (instance_settings' one row): the backup holds that table's rows
  // as they were, so what the migrations put there makes way for them.
  if (ordered.length > 0) await tx.unsafe(`truncate ${ordered.map(({ name }) => quoteIdent(name)).join(', ')}`);
  for (const table of ordered) {
    await copyIn(tx, `copy ${quoteIdent(table.name)} (${columnList(table.columns)}) from stdin`, path.join(folder, table.file));
    const [row] = await tx.unsafe<Array<{ count: string }>>(`select count(*)::text as count from ${quoteIdent(table.name)}`);
    const rows = Number(row?.count ?? 0);
    if (rows !== table.rows) throw new BackupError(`table ${table.name} has ${rows} rows where the backup lists ${table.rows}: the backup is damaged`);
    onProgress?.(table.name, rows);
  }
  if (!isReplica) for (const { name } of ordered) await tx.unsafe(`alter table ${quoteIdent(name)} enable trigger user`);
  await resetSequences(tx, tables);
}

/**
 * Streams a file into `COPY ... FROM STDIN`. postgres.js never settles the copy's writable when
 * the server refuses the rows after the last of them was sent (a repeated key, a damaged line:
 * porsager/postgres#1173), so the pipeline alone would wait for ever inside an aborted
 * transaction. The server's error still reaches the query's reject: it is watched there too.
 */
async function copyIn(tx: postgres.TransactionSql, statement: string, file: string): Promise<void> {
  const query = tx.unsafe(statement) as unknown as { reject(error: unknown): void; writable(): Promise<NodeJS.WritableStream> };
  let refuse: (error: unknown) => void = () => {};
  const refused = new Promise<never>((_, reject) => (refuse = reject));
  refused.catch(() => {});
  const reject = query.reject.bind(query);
  query.reject = (error: unknown) => {
    refuse(error);
    reject(error);
  };
  const copy = await query.writable();
  await Promise.race([pipeline(fs.createReadStream(file), copy), refused]);
}

/** The schema built by the dump's migrations has exactly the dump's tables. */
async function assertSameTables(tx: postgres.TransactionSql, tables: DumpedTable[], migrations: number) {
  const schema = new Set((await describeTables((text) => tx.unsafe(text))).map((table) => table.name));
  const dumped = new Set(tables.map((table) => table.name));
  const missing = [...schema].filter((name) => !dumped.has(name));
  if (missing.length) throw new BackupError(`the backup holds no rows for ${missing.join(', ')}: it is incomplete`);
  const unknown = [...dumped].filter((name) => !schema.has(name));
  if (unknown.length) throw new BackupError(`the backup holds tables that ${migrations} migrations do not create: ${unknown.join(', ')}`);
}

/**
 * The replica role turns foreign-key checks and triggers off while the rows go in (they were
 * checked when written). Only a superuser, or a role granted SET on the parameter, may take it:
 * a managed PostgreSQL's app role usually may not, and then the load does without.
 */
async function switchOffChecks(tx: postgres.TransactionSql): Promise<boolean> {
  try {
    await tx.savepoint((inner) => inner.unsafe('set local session_replication_role = replica'));
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '42501') return false;
    throw error;
  }
}

/** The tables ordered so that every table comes after those its foreign keys point to. */
async function parentsFirst(tx: postgres.TransactionSql, tables: DumpedTable[]): Promise<DumpedTable[]> {
  const references = await tx.unsafe<Array<{ child: string; parent: string }>>(`
    select distinct child.relname::text as child, parent.relname::text as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: DumpedTable[] = [];
  const visited = new Set<string>();
  const visit = (name: string) => {
    if (visited.has(name)) return;
    visited.add(name);
    for (const { child, parent } of references) if (child === name) visit(parent);
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  tables.forEach((table) => visit(table.name));
  return ordered;
}

/**
 * The rows came with their ids: every sequence behind a loaded serial or identity column moves
 * past the largest one, so the next insert does not collide. An empty table's sequence stays
 * where the migrations left it.
 */
async function resetSequences(tx: postgres.TransactionSql, tables: DumpedTable[]) {
  const owned = await tx.unsafe<Array<{ table: string; column: string; sequence: string }>>(`
    select t.relname::text as table, a.attname::text as column, format('%I.%I', sn.nspname, s.relname) as sequence
    from pg_depend d
    join pg_class s on s.oid = d.objid and s.relkind = 'S'
    join pg_namespace sn on sn.oid = s.relnamespace
    join pg_class t on t.oid = d.refobjid
    join pg_namespace tn on tn.oid = t.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
      and d.deptype in ('a', 'i') and tn.nspname = 'public'`);
  for (const { table, column, sequence } of owned) {
    if (!tables.some((loaded) => loaded.name === table && loaded.columns.includes(column))) continue;
    await tx.unsafe(`select setval($1::regclass, m) from (select max(${quoteIdent(column)}) as m from ${quoteIdent(table)}) as x where m is not null`, [
      sequence,
    ]);
  }
}
