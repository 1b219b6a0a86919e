import { useEffect } from 'react';
import { isApiError } from './api-client';

/** The text to show for a failed call (SPEC 8): the server's message when it sent one, else the fallback. */
export function describeError(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * The text to show for a failed call (SPEC 8): the server's message when it sent one,
 * otherwise the screen's own fallback ('Failed to create todo', ...). The error is logged too,
 * so call it where the failure happens (a mutation's onError), not while rendering.
 */
export function errorMessage(error: unknown, fallback: string): string {
  console.error(fallback, error);
  return describeError(error, fallback);
}

/** A failed load's text for rendering (null without an error), logged once per failure. */
export function useErrorMessage(error: unknown, fallback: string): string | null {
  useEffect(() => {
    if (error) console.error(fallback, error);
  }, [error, fallback]);
  return error ? describeError(error, fallback) : null;
}
