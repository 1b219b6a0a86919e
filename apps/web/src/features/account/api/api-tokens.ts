import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operations, type CreateApiTokenBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './account-cache';

/** GET /api/v1/users/me/tokens: the account's API tokens (never their secrets). */
export async function getApiTokens(signal?: AbortSignal) {
  return (await callApi(operations.apiTokens.list, { signal })).data;
}

export const apiTokensQueryOptions = () => queryOptions({ queryKey: accountKeys.apiTokens(), queryFn: ({ signal }) => getApiTokens(signal) });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}

/** POST /api/v1/users/me/tokens: the secret is in this answer only. */
export async function createApiToken(body: CreateApiTokenBody) {
  return (await callApi(operations.apiTokens.create, { body })).data;
}

/** DELETE /api/v1/users/me/tokens/{id}: scripts using it are refused from then on. */
export async function revokeApiToken(id: string) {
  return callApi(operations.apiTokens.revoke, { params: { id } });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiToken, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.apiTokens() }) });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiToken, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.apiTokens() }) });
}
