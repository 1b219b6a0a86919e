import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operations } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './account-cache';

/** GET /api/v1/users/me/sessions. */
export async function getSessions(signal?: AbortSignal) {
  return (await callApi(operations.account.listSessions, { signal })).data;
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** DELETE /api/v1/users/me/sessions/{id}: signs that browser out. */
export async function endSession(id: string) {
  return callApi(operations.account.endSession, { params: { id } });
}

/** DELETE /api/v1/users/me/sessions: every session but this one. */
export async function endOtherSessions() {
  return callApi(operations.account.endOtherSessions);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }) });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endOtherSessions, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }) });
}
