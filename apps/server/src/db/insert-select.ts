import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Every column of `T` an insert may write (generated ones are computed by the database), by its key in the Drizzle schema. */
export type RowOf<T extends PgTable> = Record<keyof T['$inferInsert'] & string, SQLWrapper>;

/**
 * The SELECT of an `INSERT INTO table (every column) SELECT ...`, with each value named by its
 * column. Drizzle's INSERT ... SELECT lists all of the table's columns in schema order; the
 * values are put in that same order here, so no statement depends on remembering it, and a
 * column added to the table is a compile error until every such statement says what goes in it.
 */
export function selectRow<T extends PgTable>(table: T, values: RowOf<T>, from?: SQLWrapper): SQL {
  // Drizzle leaves generated columns (the search vectors) out of an INSERT's column list too.
  const columns = Object.entries(getTableColumns(table))
    .filter(([, column]) => column.generated === undefined || column.generated.type === 'byDefault')
    .map(([key]) => key) as Array<keyof RowOf<T>>;
  const list = sql.join(
    columns.map((column) => sql`${values[column]}`),
    sql`, `,
  );
  return from ? sql`select ${list} from ${from}` : sql`select ${list}`;
}
