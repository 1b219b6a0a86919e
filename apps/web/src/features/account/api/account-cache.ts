import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '@tasklane/contract';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a change to the signed-in user's own profile or avatar: the session answer becomes the
 * server's, and every other cached answer that may show the person (members, assignees,
 * comments, history: nearly all of them) is refreshed. A rare change, so the broad sweep is
 * cheaper than a map of where a person appears.
 */
export function applyMyProfile(queryClient: QueryClient, me: Me) {
  queryClient.setQueryData(queryKeys.me(), me);
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me()[0] && query.queryKey[0] !== 'account' });
}

/** The account's own answers (its sessions list, its API tokens, how its notifications reach it). */
export const accountKeys = {
  sessions: () => ['account', 'sessions'] as const,
  apiTokens: () => ['account', 'api-tokens'] as const,
  notificationSettings: () => ['account', 'notification-settings'] as const,
};
