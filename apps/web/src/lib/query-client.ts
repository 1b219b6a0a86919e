import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isUnauthorized } from './api-client';

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
  const handleError = (error: unknown) => {
    if (isUnauthorized(error)) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
