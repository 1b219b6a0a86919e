import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** Forgets the signed-in user (after any 401); the route guard then sends the visitor to /login. */
export function dropSession(queryClient: QueryClient) {
  if (queryClient.getQueryData(queryKeys.me()) !== null) queryClient.setQueryData(queryKeys.me(), null);
}

/** Removes every cached answer except the session itself (whose observers must keep watching). */
export function removeCachedData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me()[0] });
}
