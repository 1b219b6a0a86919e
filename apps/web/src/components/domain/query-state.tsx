import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { FullPageLoader } from '@/components/ui/full-page-loader';

/** What QueryState reads of a TanStack Query result. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryFallbackProps {
  query: QueryLike<unknown>;
  /** While nothing has arrived: a label for the area's loader ('Loading todos...'), or what to show. */
  loading: string | ReactNode;
  /** Why the load failed, shown with Try Again. */
  errorMessage: string;
  /** A failure that has a screen of its own (not found, signed out); undefined for the usual one. */
  renderError?: (error: unknown) => ReactNode | undefined;
  /** Shown under the usual failure: a way out ('Back to Workspaces'). */
  errorFooter?: ReactNode;
}

export interface QueryStateProps<T> extends QueryFallbackProps {
  query: QueryLike<T>;
  /** The screen once the data is there (kept while a refetch fails: the toast says so). */
  children: (data: T) => ReactNode;
}

/**
 * What a screen shows while its query has no data: the loader while pending, else the failure
 * with Try Again (retrying refetches; the button spins while it does). For a page that returns
 * early (`if (!data) return <QueryFallback ... />`); QueryState wraps the common case.
 */
export function QueryFallback({ query, loading, errorMessage, renderError, errorFooter }: QueryFallbackProps) {
  if (query.isPending && !query.error) return <>{typeof loading === 'string' ? <FullPageLoader fill="area" label={loading} /> : loading}</>;
  return (
    <>
      {renderError?.(query.error) ?? (
        <>
          <ErrorState message={errorMessage} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
          {errorFooter}
        </>
      )}
    </>
  );
}

/** A query's three states in one place: QueryFallback until the data is there, then `children(data)`. */
export function QueryState<T>({ query, children, ...fallback }: QueryStateProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  return <QueryFallback query={query} {...fallback} />;
}
