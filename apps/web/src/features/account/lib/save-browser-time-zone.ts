import type { QueryClient } from '@tanstack/react-query';
import { updateTimeZone } from '../api/update-time-zone';
import { browserTimeZone } from './time-zones';

/**
 * A user who never chose a time zone gets the browser's, saved once (reminders are timed in it,
 * decision 027). Loaded lazily by the app after the first screen; a failure waits for the next visit.
 */
export async function saveBrowserTimeZone(queryClient: QueryClient): Promise<void> {
  try {
    await updateTimeZone(queryClient, browserTimeZone());
  } catch {
    // Not worth a message: the settings page offers the same, and the next visit tries again.
  }
}
