import { isApiError } from './api-client';

/**
 * The text to show for a failed call (SPEC 8): the server's message when it sent one,
 * otherwise the screen's own fallback ('Failed to create todo', ...). The error is logged too.
 */
export function errorMessage(error: unknown, fallback: string): string {
  console.error(fallback, error);
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}
