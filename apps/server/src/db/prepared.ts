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

/**
 * Statements built once per database and per key: the variants of one query whose text
 * differs by a choice taken from a small fixed set (a list's sort field and order), each
 * built on its first use. `keep` bounds the variants kept per database when the set of keys is
 * large (a save's shape): past it, a new key's statement is built for its run and not kept.
 */
export function preparedStatements<K extends string, Q>(build: (db: Db, key: K) => Q, { keep = Infinity }: { keep?: number } = {}): (db: Db, key: K) => Q {
  const built = new WeakMap<Db, Map<K, Q>>();
  return (db, key) => {
    let variants = built.get(db);
    if (!variants) {
      variants = new Map();
      built.set(db, variants);
    }
    let statement = variants.get(key);
    if (!statement) {
      statement = build(db, key);
      if (variants.size < keep) variants.set(key, statement);
    }
    return statement;
  };
}
