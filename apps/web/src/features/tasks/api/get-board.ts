import { queryOptions, useQuery } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/board?featureId=: every task of the feature as a card, in board order. */
export function getBoard(featureId: string, signal?: AbortSignal) {
  return callApi(operations.tasks.board, { query: { featureId }, signal });
}

export const boardQueryOptions = (projectId: string, featureId: string) =>
  queryOptions({ queryKey: queryKeys.taskBoard(projectId, featureId), queryFn: ({ signal }) => getBoard(featureId, signal) });

export function useBoard(projectId: string, featureId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...boardQueryOptions(projectId, featureId), enabled: options.enabled });
}
