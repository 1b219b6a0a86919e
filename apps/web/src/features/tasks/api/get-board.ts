import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/board?featureId=&search=: every task of the feature (or those the search matches) as a card, in board order. */
export function getBoard(featureId: string, search: string | undefined, signal?: AbortSignal) {
  return callApi(operations.tasks.board, { query: { featureId, search }, signal });
}

export const boardQueryOptions = (projectId: string, featureId: string, search?: string) =>
  queryOptions({
    queryKey: queryKeys.taskBoard(projectId, featureId, search ? { search } : {}),
    queryFn: ({ signal }) => getBoard(featureId, search, signal),
  });

/** The board; while a new search loads, the last cards stay shown. */
export function useBoard(projectId: string, featureId: string, options: { enabled?: boolean; search?: string } = {}) {
  return useQuery({ ...boardQueryOptions(projectId, featureId, options.search), placeholderData: keepPreviousData, enabled: options.enabled });
}
