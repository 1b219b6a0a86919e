const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Dates display as short month, day, year in US English ('Jan 5, 2025').
 * Calendar dates are stored at UTC midnight, so they are formatted in UTC.
 */
export function formatShortDate(value: string | Date | null | undefined, fallback = ''): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return shortDate.format(date);
}
