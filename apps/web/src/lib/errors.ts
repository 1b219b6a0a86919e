import { useEffect } from 'react';
import { isApiError } from './api-client';

/**
 * The text to show for a failed call (SPEC 8): the server's message when it sent one,
 * otherwise the screen's own fallback ('Failed to create todo', ...). When the request could
 * not be made at all (no answer: offline, server down) and the screen has a message for that
 * ('An error occurred while submitting the todo'), that one. The error is logged too, so call
 * it where the failure happens (a mutation's onError), not while rendering.
 */
export function errorMessage(error: unknown, fallback: string, unreachableFallback?: string): string {
  console.error(fallback, error);
  return describeError(error, fallback, unreachableFallback);
}

/** The same choice without logging, for rendering a failed load on every render. */
export function describeError(error: unknown, fallback: string, unreachableFallback?: string): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  if (unreachableFallback && isUnreachable(error)) return unreachableFallback;
  return fallback;
}

/** A failed load's text for rendering (null without an error), logged once per failure. */
export function useErrorMessage(error: unknown, fallback: string, unreachableFallback?: string): string | null {
  useEffect(() => {
    if (error) console.error(fallback, error);
  }, [error, fallback]);
  return error ? describeError(error, fallback, unreachableFallback) : null;
}

/** True when no answer came back (status 0: a network failure). */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}

/**
 * True for a resource that does not exist or that the caller may not see (the API answers 404
 * for both; 400 for an id that is not one), so a screen shows its 'not found' state.
 */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
