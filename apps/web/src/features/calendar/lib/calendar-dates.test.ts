import { describe, expect, it } from 'vitest';
import { dayAfterKey, firstDayOfWeek, stepAnchor, visibleDays, weekdayNames, weeksOf } from './calendar-dates';

describe('firstDayOfWeek', () => {
  it("follows the locale's region: Sunday in the United States, Monday in France and Germany", () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('fr-FR')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('en-GB')).toBe(1);
  });

  it('falls back to Monday for an invalid or missing locale', () => {
    expect(firstDayOfWeek('not a locale!')).toBe(1);
    expect([0, 1]).toContain(firstDayOfWeek(undefined));
  });
});

describe('visibleDays', () => {
  it("shows a month's whole weeks from the week's first day", () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const mondayFirst = visibleDays('month', '2026-11-25', 1);
    expect(mondayFirst[0]).toBe('2026-10-26');
    expect(mondayFirst.at(-1)).toBe('2026-12-06');
    expect(mondayFirst).toHaveLength(42);
    const sundayFirst = visibleDays('month', '2026-11-25', 0);
    expect(sundayFirst[0]).toBe('2026-11-01');
    expect(sundayFirst.at(-1)).toBe('2026-12-05');
    expect(weeksOf(sundayFirst)).toHaveLength(5);
  });

  it('shows seven days for a week, across a month end and a daylight-saving change', () => {
    expect(visibleDays('week', '2026-10-28', 1)).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
    expect(visibleDays('week', '2026-03-29', 0)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);
  });
});

describe('moving around', () => {
  it('steps a month or a week, keeping the day where the month has it', () => {
    expect(stepAnchor('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(stepAnchor('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(stepAnchor('month', '2026-03-15', -1)).toBe('2026-02-15');
  });

  it('moves the focused day by arrows, Home, End and pages', () => {
    expect(dayAfterKey('2026-11-30', 'ArrowRight', 1)).toBe('2026-12-01');
    expect(dayAfterKey('2026-11-01', 'ArrowLeft', 1)).toBe('2026-10-31');
    expect(dayAfterKey('2026-11-25', 'ArrowUp', 1)).toBe('2026-11-18');
    expect(dayAfterKey('2026-11-25', 'ArrowDown', 1)).toBe('2026-12-02');
    expect(dayAfterKey('2026-11-25', 'Home', 1)).toBe('2026-11-23');
    expect(dayAfterKey('2026-11-25', 'End', 0)).toBe('2026-11-28');
    expect(dayAfterKey('2026-11-25', 'PageDown', 1)).toBe('2026-12-25');
    expect(dayAfterKey('2026-11-25', 'Enter', 1)).toBeNull();
  });

  it("names the week's days from its first", () => {
    expect(weekdayNames(1, 'en-US').map((day) => day.short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames(0, 'en-US')[0]).toEqual({ short: 'Sun', long: 'Sunday' });
  });
});
