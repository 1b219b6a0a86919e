import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@tasklane/contract';
import { markStale } from './stale-queries';

/**
 * Marks what other people's (and other tabs') changes make stale, through the same map as this
 * tab's own mutations (stale-queries.ts): what is on screen refetches, each answer once.
 */
export function applyLiveEvents(queryClient: QueryClient, events: LiveEvent[], currentUserId: string | undefined) {
  return markStale(queryClient, events, { currentUserId });
}
