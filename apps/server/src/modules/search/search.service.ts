import type { SearchResult, SearchType } from '@tasklane/contract';
import type { ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { presentSearchResult } from './search.presenter.js';
import { hasCriteria, parseSearch } from './search.query.js';
import { findSearchScope, mayHaveTypos, searchEverything } from './search.repo.js';

/**
 * Everything the caller can see that matches `q` (decision 029), ranked by relevance then
 * recency: after the session's, one statement for the projects in scope and one for the search
 * (a second when the words as typed find nothing and typos are tried): four at most. A `q` without words or filters (only punctuation)
 * finds nothing, without asking the database.
 */
export async function search(ctx: ServiceContext, user: UserRow, query: { q: string; types?: SearchType[]; limit: number }): Promise<SearchResult[]> {
  const parsed = parseSearch(query.q, query.types);
  if (!hasCriteria(parsed) || parsed.types.length === 0) return [];
  const scope = await findSearchScope(ctx.db, user.id, parsed);
  let rows = await searchEverything(ctx.db, user.id, scope, parsed, 'words', query.limit);
  // Nothing begins with the words as typed: perhaps a typo, or a part of a word (decision 029).
  if (rows.length === 0 && mayHaveTypos(parsed)) rows = await searchEverything(ctx.db, user.id, scope, parsed, 'typos', query.limit);
  return rows.map((row) => presentSearchResult(row, parsed.terms));
}
