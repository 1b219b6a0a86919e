import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BOARD_PAGE_MAX, BOARD_PAGE_SIZE, operations, type BoardResponse, type Priority, type TaskStatus } from '@tasklane/contract';
import { useCallback, useRef, useState } from 'react';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { mergeColumnPage } from '../lib/board';

/** What narrows a board on the server: the search and the priority filter. */
export type BoardFilters = { search?: string; priority?: Priority; hideSubtasks?: boolean };

type PageOf = { status: TaskStatus; after: string; limit: number };

/**
 * GET /api/v1/tasks/board?featureId=&search=&priority=: each column's first cards (100) with its
 * count; with `page`, the cards of one column after its cursor.
 */
export function getBoard(featureId: string, filters: BoardFilters, signal?: AbortSignal, page?: PageOf) {
  const { hideSubtasks, ...rest } = filters;
  return callApi(operations.tasks.board, { query: { featureId, ...rest, ...(hideSubtasks ? { hideSubtasks: 'true' as const } : {}), ...page }, signal });
}

const keyOf = (projectId: string, featureId: string, filters: BoardFilters) =>
  queryKeys.taskBoard(projectId, featureId, {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.hideSubtasks ? { hideSubtasks: true } : {}),
  });

/**
 * The first page of every column, and again as many cards of each column as were loaded before
 * (a refetch after a move or a live event keeps what the person scrolled through): one request
 * more per column that had more than its first page, all at once.
 */
async function fetchBoard(client: QueryClient, projectId: string, featureId: string, filters: BoardFilters, signal: AbortSignal) {
  const loaded = client.getQueryData<BoardResponse>(keyOf(projectId, featureId, filters));
  let board = await getBoard(featureId, filters, signal);
  const more = board.data.columns.flatMap((column) => {
    const before = loaded?.data.columns.find((candidate) => candidate.status === column.status)?.tasks.length ?? 0;
    const wanted = Math.min(before - column.tasks.length, BOARD_PAGE_MAX);
    return column.nextCursor && wanted > 0 ? [{ status: column.status, after: column.nextCursor, limit: wanted }] : [];
  });
  const pages = await Promise.all(more.map((page) => getBoard(featureId, filters, signal, page)));
  for (const page of pages) board = mergeColumnPage(board, page);
  return board;
}

export const boardQueryOptions = (projectId: string, featureId: string, filters: BoardFilters = {}) =>
  queryOptions({
    queryKey: keyOf(projectId, featureId, filters),
    queryFn: ({ signal, client }) => fetchBoard(client, projectId, featureId, filters, signal),
  });

/** The board; while a new search loads, the last cards stay shown. */
export function useBoard(projectId: string, featureId: string, options: { enabled?: boolean } & BoardFilters = {}) {
  const { enabled, ...filters } = options;
  return useQuery({ ...boardQueryOptions(projectId, featureId, filters), placeholderData: keepPreviousData, enabled });
}

/**
 * The next cards of a column (scrolled to its end, or 'Load more'), joined to the cached board.
 * Returns the columns loading now; a column already loading is not asked twice.
 */
export function useLoadMoreCards(projectId: string, featureId: string, filters: BoardFilters = {}) {
  const queryClient = useQueryClient();
  const inFlight = useRef(new Set<TaskStatus>());
  const [loading, setLoading] = useState<ReadonlySet<TaskStatus>>(new Set());
  const { search, priority, hideSubtasks } = filters;
  const loadMore = useCallback(
    async (status: TaskStatus) => {
      const key = keyOf(projectId, featureId, { search, priority, hideSubtasks });
      const after = queryClient.getQueryData<BoardResponse>(key)?.data.columns.find((column) => column.status === status)?.nextCursor;
      if (!after || inFlight.current.has(status)) return;
      inFlight.current.add(status);
      setLoading(new Set(inFlight.current));
      try {
        const page = await getBoard(featureId, { search, priority, hideSubtasks }, undefined, { status, after, limit: BOARD_PAGE_SIZE });
        // Joined only where it follows: a refetch meanwhile (a move, a live event) gave the column another cursor.
        queryClient.setQueryData<BoardResponse>(key, (board) =>
          board && board.data.columns.find((column) => column.status === status)?.nextCursor === after ? mergeColumnPage(board, page) : board,
        );
      } finally {
        inFlight.current.delete(status);
        setLoading(new Set(inFlight.current));
      }
    },
    [queryClient, projectId, featureId, search, priority, hideSubtasks],
  );
  return { loadMore, loading };
}
