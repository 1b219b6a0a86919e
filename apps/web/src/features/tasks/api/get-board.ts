import { queryOptions, useQuery } from '@tanstack/react-query';
import { boardResponseSchema } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { toQueryString } from '@/lib/list-query';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/tasks/board?featureId=: every task of the feature as a card, in board order. */
export function getBoard(featureId: string, signal?: AbortSignal) {
  return api.get(`/api/v1/tasks/board${toQueryString({ featureId })}`, boardResponseSchema, signal);
}

export const boardQueryOptions = (projectId: string, featureId: string) =>
  queryOptions({ queryKey: queryKeys.taskBoard(projectId, featureId), queryFn: ({ signal }) => getBoard(featureId, signal) });

export function useBoard(projectId: string, featureId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...boardQueryOptions(projectId, featureId), enabled: options.enabled });
}
