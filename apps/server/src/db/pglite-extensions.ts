/**
 * The extensions the migrations create, for every PGlite the app opens (an old DATA_DIR or a
 * version-1 backup being moved over is migrated first): pg_trgm, for search (migration 0014).
 * Loaded on first use, as PGlite itself: a start that moves nothing over never reads them.
 */
export async function loadPgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
