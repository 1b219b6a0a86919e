import { formatShortDate } from '@tasklane/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something happened, for people: 'just now', '5 minutes ago', '3 hours ago', 'yesterday',
 * '4 days ago', and from a week on the short date ('Jan 5, 2025'). A time a little in the future
 * (another machine's clock) counts as just now.
 */
export function formatRelativeTime(value: string, now: Date = new Date()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = now.getTime() - time;
  if (elapsed < 45_000) return 'just now';
  if (elapsed < HOUR) {
    const minutes = Math.max(1, Math.round(elapsed / MINUTE));
    return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return formatShortDate(value);
}

// Made on first use: creating an Intl formatter loads locale data, which a first screen without
// a tooltip need not pay for (issue 15 §4).
let dateTime: Intl.DateTimeFormat | undefined;

/** The exact moment, for a tooltip: 'Jan 5, 2025, 3:04 PM' (the viewer's time zone). */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(date);
}
