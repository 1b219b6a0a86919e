import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@tasklane/contract';
import { queryKeys } from './query-keys';
import { markStale } from './stale-queries';

/**
 * The longest other people's changes wait for this tab's own to settle: a request that hangs
 * must not leave the screen stale for good.
 */
export const MAX_DEFERRAL_MS = 10_000;

/** What arrived while this tab's own changes were pending, applied once they settle. */
interface Deferred {
  events: LiveEvent[];
  reset: boolean;
  currentUserId: string | undefined;
  waiters: Array<(done: Promise<unknown>) => void>;
}

const deferredByClient = new WeakMap<QueryClient, Deferred>();

/**
 * Marks what other people's (and other tabs') changes make stale, through the same map as this
 * tab's own mutations (stale-queries.ts): what is on screen refetches, each answer once.
 *
 * While one of this tab's changes is pending, the refresh waits for it to settle (at most
 * MAX_DEFERRAL_MS): a list refetched meanwhile would put the server's old state over the
 * change the screen already shows (an optimistic tick), and its rollback, if the server
 * refuses, over the answer. The change's own settling refetches what it touched; the events
 * that waited refresh the rest right after.
 */
export function applyLiveEvents(queryClient: QueryClient, events: LiveEvent[], currentUserId: string | undefined): Promise<unknown> {
  if (queryClient.isMutating() === 0 && !deferredByClient.has(queryClient)) return markStale(queryClient, events, { currentUserId });
  return defer(queryClient, (deferred) => {
    deferred.events.push(...events);
    deferred.currentUserId = currentUserId;
  });
}

/** Events were missed beyond replay: every answer but the session is stale (after this tab's pending changes, as above). */
export function applyLiveReset(queryClient: QueryClient): Promise<unknown> {
  if (queryClient.isMutating() === 0 && !deferredByClient.has(queryClient)) return refreshAll(queryClient);
  return defer(queryClient, (deferred) => {
    deferred.reset = true;
  });
}

const refreshAll = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me()[0] });

function defer(queryClient: QueryClient, add: (deferred: Deferred) => void): Promise<unknown> {
  let deferred = deferredByClient.get(queryClient);
  if (!deferred) {
    const created: Deferred = { events: [], reset: false, currentUserId: undefined, waiters: [] };
    deferredByClient.set(queryClient, created);
    const flush = () => {
      unsubscribe();
      clearTimeout(timer);
      deferredByClient.delete(queryClient);
      const done = created.reset ? refreshAll(queryClient) : markStale(queryClient, created.events, { currentUserId: created.currentUserId });
      for (const resolve of created.waiters) resolve(done);
    };
    // Checked after the cache's notification is done, and again then: a settled change may
    // start the next one (a retry, a queued edit) in the same turn.
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      setTimeout(() => {
        if (deferredByClient.get(queryClient) === created && queryClient.isMutating() === 0) flush();
      }, 0);
    });
    const timer = setTimeout(flush, MAX_DEFERRAL_MS);
    deferred = created;
  }
  add(deferred);
  const waiting = deferred;
  return new Promise<unknown>((resolve) => waiting.waiters.push(resolve));
}
