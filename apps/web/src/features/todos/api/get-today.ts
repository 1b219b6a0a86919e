import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * GET /api/v1/users/me/today (decision 037): the dashboard's Today view and the navigation's
 * count read the same answer. Not parsed again in the browser (the server serializes it through
 * the contract's schema), so the first screen loads no zod for it; its URL is the one the server
 * preloads with the dashboard (apps/server/src/http/first-screen.ts).
 */
const getTodayOperation = unparsed<Operations['today']['get']>(operationRoutes.today.get);

export async function getToday(signal?: AbortSignal) {
  return (await callApi(getTodayOperation, { signal })).data;
}

export const todayQueryOptions = () => queryOptions({ queryKey: queryKeys.today(), queryFn: ({ signal }) => getToday(signal) });

export function useToday() {
  return useQuery(todayQueryOptions());
}

/** How many items are on the Today view (the navigation's count): none until the answer is in. */
export function useTodayCount(): number {
  return useQuery({ ...todayQueryOptions(), select: (today) => today.total }).data ?? 0;
}
