import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  readListState,
  withListParam,
  withListSort,
  withoutListFilters,
  type ListOptions,
  type ListParamKey,
  type ListState,
  type SortOrder,
} from './list-query';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A paged list's state kept in the URL (see list-query.ts). The search box answers every key
 * at once; the URL (and so the request) follows once typing pauses. Changing search, a filter
 * or the sort goes back to page 1. URL changes replace the entry, so Back leaves the screen.
 */
export function useListParams<Status extends string, SortField extends string>(options: ListOptions<Status, SortField>) {
  const [params, setParams] = useSearchParams();
  const state: ListState<Status, SortField> = readListState(params, options);

  // The box's text; follows the URL when the URL changes by other means (Clear, Back).
  const [searchText, setSearchText] = useState(state.search);
  const [seenUrlSearch, setSeenUrlSearch] = useState(state.search);
  if (state.search !== seenUrlSearch) {
    setSeenUrlSearch(state.search);
    if (state.search.trim() !== searchText.trim()) setSearchText(state.search);
  }

  const debounced = useDebouncedValue(searchText);
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    // Only a pause in typing writes the URL, never a URL change itself.
    if (lastDebounced.current === debounced) return;
    lastDebounced.current = debounced;
    if (debounced.trim() !== state.search.trim()) setParams((current) => withListParam(current, 'search', debounced.trim()), { replace: true });
  }, [debounced, state.search, setParams]);

  const set = (key: ListParamKey, value: string) => setParams((current) => withListParam(current, key, value), { replace: true });

  return {
    state,
    searchText,
    setSearchText,
    setStatus: (value: string) => set('status', value),
    setPriority: (value: string) => set('priority', value),
    setPage: (page: number) => set('page', String(page)),
    setSort: (sort: { sortBy: SortField; sortOrder: SortOrder }) =>
      setParams((current) => withListSort(current, sort, { sortBy: options.defaultSortBy, sortOrder: options.defaultSortOrder }), { replace: true }),
    clearFilters: () => {
      setSearchText('');
      setParams((current) => withoutListFilters(current), { replace: true });
    },
  };
}
