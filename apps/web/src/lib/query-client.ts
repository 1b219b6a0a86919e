import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isUnauthorized } from './api-client';

/**
 * Set in a query's or mutation's `meta` when its 401 is an ordinary answer rather than a
 * sign that the session ended (signing in with a wrong password answers 401).
 */
export const UNAUTHORIZED_IS_EXPECTED = 'unauthorizedIsExpected';

interface QueryClientOptions {
  /** Called for any 401 from a query or mutation: the session ended or expired. */
  onUnauthorized?: (client: QueryClient) => void;
}

/** Client errors (4xx) will not change on retry; server and network errors may. */
export function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}) {
  // The cache callbacks need the client, which does not exist until the caches do.
  const handleError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (isUnauthorized(error) && meta?.[UNAUTHORIZED_IS_EXPECTED] !== true) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => handleError(error, mutation.meta) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
