import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@tasklane/contract';
import { queryKeys } from '@/lib/query-keys';

/**
 * When (performance.now()) the signed-in data now cached began to be read: the page's start
 * (the first screen's answers are fetched as it loads), or the last sign-in (which drops
 * everything cached before it). The live stream replays what changed since (issue 15 §4: it
 * opens once the first screen is up).
 */
let dataReadAt = 0;
export const sessionDataReadAt = () => dataReadAt;

/** Forgets the signed-in user (after any 401); the route guard then sends the visitor to /login. */
export function dropSession(queryClient: QueryClient) {
  if (queryClient.getQueryData(queryKeys.me()) !== null) queryClient.setQueryData(queryKeys.me(), null);
}

/** Removes every cached answer except the session itself (whose observers must keep watching). */
export function removeCachedData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me()[0] });
}

/**
 * A sign-in succeeded with `user`: nothing cached for a previous user stays, the user shows at
 * once, and GET /users/me is asked again for what only the account itself sees (isAdmin,
 * twoFactorEnabled), which the sign-in's answer (the SPEC's user) does not carry.
 */
export function startSession(queryClient: QueryClient, user: User) {
  dataReadAt = performance.now();
  removeCachedData(queryClient);
  queryClient.setQueryData(queryKeys.me(), user);
  void queryClient.invalidateQueries({ queryKey: queryKeys.me(), exact: true });
}
