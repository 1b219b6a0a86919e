import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations, type SearchResult } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many results the palette asks for: enough for each kind to show a few. */
export const PALETTE_SEARCH_LIMIT = 30;

/** GET /api/v1/search: what the caller can see that matches `q`, most relevant first. */
export async function searchEverything(q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const response = await callApi(operations.search.everything, { query: { q, limit: PALETTE_SEARCH_LIMIT }, signal });
  return response.data;
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search(q),
    queryFn: ({ signal }) => searchEverything(q, signal),
    // Typing on keeps the last answer on screen until the next arrives (no flash of "Searching...").
    placeholderData: keepPreviousData,
    // A search is asked again a few seconds later (a changed title shows), and is not kept for long.
    staleTime: 5_000,
    gcTime: 60_000,
  });

/** Searches once `q` (already debounced by the caller) has something in it. */
export function useSearchEverything(q: string) {
  const trimmed = q.trim();
  return useQuery({ ...searchQueryOptions(trimmed), enabled: trimmed !== '' });
}
