import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions the migrations create, for every PGlite the app opens (an old DATA_DIR or a
 * version-1 backup being moved over is migrated first): pg_trgm, for search (migration 0014).
 */
export const pgliteExtensions = { pg_trgm };
