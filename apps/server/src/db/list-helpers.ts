import { searchWords } from '@tasklane/contract';
import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export type SortOrder = 'asc' | 'desc';

/** `text` for an ILIKE pattern, its wildcard characters taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** An ILIKE pattern matching `text` anywhere, with its wildcard characters taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * The contract's search rule (rules/search.ts) in SQL: every word of `search` appears, in any
 * case and literally, in one of `texts` (text columns) or in one item of one of `lists` (text[]
 * columns). Undefined for a blank search (no condition).
 */
export function searchCondition(search: string | undefined, texts: SQLWrapper[], lists: SQLWrapper[] = []): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(
        ...texts.map((column) => sql`${column} ilike ${pattern}`),
        ...lists.map((column) => sql`exists (select 1 from unnest(${column}) as item where item ilike ${pattern})`),
      );
    }),
  );
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

/**
 * The columns that choose a page before it is read whole (decision 047): each row's id, how many
 * rows match (a window count over the same scan), and its position in `order`. Select them from
 * the table alone, order, limit and offset, then join the chosen ids back and sort by position.
 */
export function pageChoiceColumns(id: SQLWrapper, order: SQL[]) {
  return {
    id: sql<string>`${id}`.as('chosen_id'),
    total: sql<number>`count(*) over ()`.as('chosen_total'),
    position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('chosen_position'),
  };
}

/**
 * A timestamptz as the API writes it (`2026-01-05T21:28:25.596Z`, milliseconds truncated, as a
 * `Date` prints it), written by the database whatever the session's time zone: the unpaged lists
 * read thousands of rows, and a `Date` parsed and printed per timestamp was much of their cost
 * (decision 045).
 */
export const apiTimestamp = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
