import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';

/**
 * The name of `table`'s foreign key on exactly `columns`, read from the Drizzle schema (which
 * the migrations were generated from), so a table of constraint names cannot drift from the
 * database's. Throws at startup when there is no such key.
 */
export function foreignKeyName(table: PgTable, ...columns: PgColumn[]): string {
  const config = getTableConfig(table);
  const key = config.foreignKeys.find((candidate) => {
    const keyColumns = candidate.reference().columns.map((column) => column.name);
    return keyColumns.length === columns.length && columns.every((column) => keyColumns.includes(column.name));
  });
  if (!key) throw new Error(`${config.name} has no foreign key on ${columns.map((column) => column.name).join(', ')}`);
  return key.getName();
}
