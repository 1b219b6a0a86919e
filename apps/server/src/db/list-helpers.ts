import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export type SortOrder = 'asc' | 'desc';

/** An ILIKE pattern matching `text` anywhere, with its wildcard characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The position of a column's value in an ordered list of values (1-based), for sorting enums. */
export function rankOf(column: SQLWrapper, values: readonly string[]): SQL {
  const cases = sql.join(
    values.map((value, index) => sql`when ${value} then ${sql.raw(String(index + 1))}`),
    sql` `,
  );
  return sql`(case ${column} ${cases} else 0 end)`;
}

/** One ORDER BY term; empty values (null due dates) come last in both directions. */
export function orderTerm(expression: SQLWrapper, order: SortOrder, { nullsLast = false } = {}): SQL {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  return nullsLast ? sql`${expression} ${direction} nulls last` : sql`${expression} ${direction}`;
}

export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}
