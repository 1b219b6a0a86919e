import type { SearchResult, SearchType } from '@tasklane/contract';
import type { ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { presentSearchResult } from './search.presenter.js';
import { hasCriteria, parseSearch } from './search.query.js';
import { searchEverything } from './search.repo.js';

/**
 * Everything the caller can see that matches `q` (decision 029): one statement after the
 * session's, ranked by relevance then recency. A `q` without words or filters (only punctuation)
 * finds nothing, without asking the database.
 */
export async function search(ctx: ServiceContext, user: UserRow, query: { q: string; types?: SearchType[]; limit: number }): Promise<SearchResult[]> {
  const parsed = parseSearch(query.q, query.types);
  if (!hasCriteria(parsed) || parsed.types.length === 0) return [];
  const rows = await searchEverything(ctx.db, user.id, parsed, query.limit);
  return rows.map((row) => presentSearchResult(row, parsed.terms));
}
