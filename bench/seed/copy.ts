import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** One CSV field as COPY reads it: an unquoted empty field is NULL, anything quoted is text. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  let text: string;
  if (Array.isArray(value)) {
    text = `{${value.map((item) => `"${String(item).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
  } else if (typeof value === 'object') {
    text = JSON.stringify(value);
  } else {
    text = String(value);
  }
  return `"${text.replace(/"/g, '""')}"`;
}

export type CopyBatch = { table: string; columns: string[]; csv: string };

/**
 * Rows keyed by the schema's property names, as COPY input: the column names come from the
 * table definition, and a required column without a default that the rows leave out fails
 * here, by name, rather than as a database error.
 */
export function toCopyBatch<T extends PgTable>(table: T, rows: Array<T['$inferInsert']>): CopyBatch {
  const columns = Object.entries(getTableColumns(table));
  const first = (rows[0] ?? {}) as Record<string, unknown>;
  const used = columns.filter(([key]) => key in first);
  for (const [key, column] of columns) {
    // A generated column (the search vectors) is computed by the database from the row.
    if (column.notNull && !column.hasDefault && column.generated === undefined && !(key in first)) {
      throw new Error(`The bench data for ${getTableName(table)} leaves out required column ${column.name} (${key})`);
    }
  }
  const lines = rows.map((row) => used.map(([key]) => field((row as Record<string, unknown>)[key])).join(','));
  return { table: getTableName(table), columns: used.map(([, column]) => column.name), csv: `${lines.join('\n')}\n` };
}

export function copyStatement(batch: CopyBatch, source: string): string {
  return `COPY "${batch.table}" (${batch.columns.map((name) => `"${name}"`).join(', ')}) FROM ${source} WITH (FORMAT csv)`;
}
