function hasCode(error: unknown, code: string): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } } | undefined;
  return candidate?.code === code || candidate?.cause?.code === code;
}

/** PostgreSQL's unique_violation, as thrown by postgres.js or PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** PostgreSQL's not_null_violation. */
export function isNotNullViolation(error: unknown): boolean {
  return hasCode(error, '23502');
}

/** The name of the constraint (or unique index) a unique_violation broke; undefined for any other error. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  type Named = { constraint?: string; constraint_name?: string };
  const candidate = error as Named & { cause?: Named };
  return candidate.cause?.constraint ?? candidate.cause?.constraint_name ?? candidate.constraint ?? candidate.constraint_name;
}

/** PostgreSQL's foreign_key_violation: a referenced row vanished between check and write. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, '23503');
}

/**
 * PostgreSQL's deadlock_detected: two transactions waited for each other's row locks and this
 * one was rolled back; running it again succeeds (the other has finished).
 */
export function isDeadlock(error: unknown): boolean {
  return hasCode(error, '40P01');
}

/** PostgreSQL's lock_not_available: a row asked for with NOWAIT is held by another transaction. */
export function isLockNotAvailable(error: unknown): boolean {
  return hasCode(error, '55P03');
}

/** The name of the foreign key a foreign_key_violation broke; undefined for any other error. */
export function violatedForeignKey(error: unknown): string | undefined {
  if (!isForeignKeyViolation(error)) return undefined;
  // PGlite names it `constraint`, postgres.js `constraint_name`; Drizzle may wrap either in `cause`.
  type Named = { constraint?: string; constraint_name?: string };
  const candidate = error as Named & { cause?: Named };
  return candidate.cause?.constraint ?? candidate.cause?.constraint_name ?? candidate.constraint ?? candidate.constraint_name;
}

/** Constraint name -> the error a violation of it answers (a field error, usually). */
export type ForeignKeyErrors = Readonly<Record<string, () => Error>>;

/**
 * Runs `work`; when it breaks one of the foreign keys named in `table` (a referenced row
 * vanished between the service's check and the write), throws that key's error instead. Any
 * other error, another foreign key's included, goes on unchanged: an unexpected key is a bug to
 * see, not a field to blame.
 */
export async function mappingForeignKeys<T>(table: ForeignKeyErrors, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = violatedForeignKey(error);
    const mapped = constraint === undefined ? undefined : table[constraint];
    throw mapped ? mapped() : error;
  }
}
