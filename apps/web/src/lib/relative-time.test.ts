import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago, in words', () => {
    expect(formatRelativeTime(ago(10_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 60 * 60_000), now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(30 * 60 * 60_000), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(6 * 24 * 60 * 60_000), now)).toBe('6 days ago');
  });

  it('gives the short date from a week on', () => {
    expect(formatRelativeTime('2025-01-05T09:30:00.000Z', now)).toBe('Jan 5, 2025');
  });

  it('gives nothing for something that is not a date', () => {
    expect(formatRelativeTime('soon', now)).toBe('');
  });
});
