import type { Placeholder } from 'drizzle-orm';
import type { Db } from './client.js';

/** A value a query takes: the value itself, or a placeholder of a statement prepared once. */
export type SqlParam<T = string> = T | Placeholder;

/**
 * A statement built once per database (issue 15 §2): its SQL text and the mapping of its rows
 * are made the first time it runs, and every later run only sends the values of its
 * placeholders (the connection keeps it prepared on the server too; see client.ts). Building a
 * task's query with drizzle costs more CPU than PostgreSQL spends running it, so the hot reads
 * go through here. A transaction is a database of its own: a statement run in one is built for
 * it, as any other query is.
 */
export function preparedStatement<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
