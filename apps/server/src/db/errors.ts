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
