function hasCode(error: unknown, code: string): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } } | undefined;
  return candidate?.code === code || candidate?.cause?.code === code;
}

/** PostgreSQL's unique_violation, as thrown by postgres.js or PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
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
