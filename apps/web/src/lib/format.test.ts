import { describe, expect, it } from 'vitest';
import { formatCount, formatEnum, formatHours, formatHoursSpent, pluralize } from './format';

describe('formatEnum', () => {
  it('turns enum values into words', () => {
    expect(formatEnum('IN_PROGRESS')).toBe('In Progress');
    expect(formatEnum('READY_FOR_RELEASE')).toBe('Ready For Release');
    expect(formatEnum('URGENT')).toBe('Urgent');
    expect(formatEnum('')).toBe('');
  });
});

describe('pluralize', () => {
  it('picks the form by count', () => {
    expect(pluralize(1, 'task')).toBe('1 task');
    expect(pluralize(0, 'task')).toBe('0 tasks');
    expect(pluralize(2, 'person', 'people')).toBe('2 people');
  });
});

describe('formatHours', () => {
  it("says 'N hours', or the fallback without hours", () => {
    expect(formatHours(8)).toBe('8 hours');
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(0)).toBe('0 hours');
    expect(formatHours(null)).toBe('Not set');
    expect(formatHours(undefined, '–')).toBe('–');
  });
});

describe('formatHoursSpent', () => {
  it('shows actual against estimated, with a dash for what is missing', () => {
    expect(formatHoursSpent(3, 8)).toBe('3 / 8 h');
    expect(formatHoursSpent(null, 8)).toBe('– / 8 h');
    expect(formatHoursSpent(0, null)).toBe('0 / – h');
    expect(formatHoursSpent(null, null)).toBe('–');
  });
});

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 12345, 1234567, -4321, 1_000_000_000])('writes %d as toLocaleString en-US does', (count) => {
    expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
  });
});
