const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Dates display as short month, day, year in US English ('Jan 5, 2025').
 * Calendar dates are stored at UTC midnight, so they are formatted in UTC.
 *
 * Written out by hand rather than with `Intl.DateTimeFormat`: the first Intl formatter a page
 * creates loads the browser's locale data, which cost the dashboard's first screen about 60 ms
 * of main-thread time on the bench machine (issue 15 §4, Lighthouse). The output is the same as
 * `Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone:
 * 'UTC' })` for every year from 1 to 9999; a test compares the two.
 */
export function formatShortDate(value: string | Date | null | undefined, fallback = ''): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
