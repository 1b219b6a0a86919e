import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * What an administrator's change makes stale: everything the admin screen shows (a user's
 * badges, the counts of the instance facts, the invites' statuses are all read together), and
 * the signed-in user when the change was to their own account (stepping down as administrator).
 */
export function refreshAfterAdminChange(queryClient: QueryClient, options: { isOwnAccount?: boolean } = {}) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.admin() });
  if (options.isOwnAccount) void queryClient.invalidateQueries({ queryKey: queryKeys.me() });
}
