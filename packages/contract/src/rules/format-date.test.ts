import { describe, expect, it } from 'vitest';
import { formatShortDate } from './format-date.js';

describe('formatShortDate', () => {
  it.each([
    ['2025-01-05', 'Jan 5, 2025'],
    ['2025-12-31', 'Dec 31, 2025'],
    ['2024-02-29', 'Feb 29, 2024'],
    ['2025-01-05T00:00:00.000Z', 'Jan 5, 2025'],
    ['2025-01-05T23:59:59Z', 'Jan 5, 2025'],
    ['2025-07-04T12:00:00+00:00', 'Jul 4, 2025'],
  ])('%j → %j', (input, expected) => {
    expect(formatShortDate(input)).toBe(expected);
  });

  it('formats Date objects in UTC, so a calendar date never shifts by a day', () => {
    expect(formatShortDate(new Date(Date.UTC(2025, 0, 5)))).toBe('Jan 5, 2025');
    expect(formatShortDate(new Date(Date.UTC(2025, 0, 5, 23, 30)))).toBe('Jan 5, 2025');
  });

  it('answers an empty string by default for null, undefined and empty input', () => {
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate(undefined)).toBe('');
    expect(formatShortDate('')).toBe('');
  });

  it('answers the given fallback for missing and invalid dates', () => {
    expect(formatShortDate(null, 'No date')).toBe('No date');
    expect(formatShortDate(undefined, '—')).toBe('—');
    expect(formatShortDate('', 'none')).toBe('none');
    expect(formatShortDate('not a date', 'none')).toBe('none');
    expect(formatShortDate('2025-13-45', 'none')).toBe('none');
    expect(formatShortDate(new Date(Number.NaN), 'none')).toBe('none');
  });

  it('ignores the fallback for a valid date', () => {
    expect(formatShortDate('2025-01-05', 'none')).toBe('Jan 5, 2025');
  });
});

describe('formatShortDate against Intl', () => {
  it('writes what Intl.DateTimeFormat en-US (short month, UTC) writes, for dates across the years', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const start = Date.parse('0001-01-01T00:00:00Z');
    const end = Date.UTC(9999, 11, 31);
    // Every 997th day from year 1 to 9999, plus every day of a leap year.
    const days: number[] = [];
    for (let time = start; time <= end; time += 997 * 86_400_000) days.push(time);
    for (let day = 0; day < 366; day += 1) days.push(Date.UTC(2024, 0, 1) + day * 86_400_000 + 12 * 3_600_000);
    for (const time of days) expect(formatShortDate(new Date(time))).toBe(intl.format(new Date(time)));
  });
});
