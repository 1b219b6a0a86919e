import { describe, expect, it } from 'vitest';
import { calendarDateIn, dueMomentOf, isTimeZone, nextCalendarDate, normalizeTimeZone, startOfDayIn, timeZoneOffsetMs } from './time-zone.js';

describe('isTimeZone', () => {
  it.each(['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Pacific/Auckland', 'Etc/GMT+5'])('accepts %s', (zone) => {
    expect(isTimeZone(zone)).toBe(true);
  });

  it.each(['', 'Mars/Olympus_Mons', '+05:00', 'Europe/Paris; drop table users', ' Europe/Paris', 'x'.repeat(65)])('refuses %j', (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });

  it('spells a known zone the usual way', () => {
    expect(normalizeTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(normalizeTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});

describe('due moments', () => {
  it('a due date ends at the next midnight of the zone', () => {
    expect(dueMomentOf('2026-11-24', 'UTC').toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(dueMomentOf('2026-11-24', null).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    // New Zealand summer time, UTC+13: the day ends 13 hours before UTC's.
    expect(dueMomentOf('2026-11-24', 'Pacific/Auckland').toISOString()).toBe('2026-11-24T11:00:00.000Z');
    expect(dueMomentOf('2026-11-24', 'America/Los_Angeles').toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(dueMomentOf('2026-12-31', 'Asia/Kolkata').toISOString()).toBe('2026-12-31T18:30:00.000Z');
  });

  it('follows daylight saving time', () => {
    // Paris moves to summer time on 29 March 2026 at 02:00: that midnight is still UTC+1, the next UTC+2.
    expect(dueMomentOf('2026-03-28', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(dueMomentOf('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(timeZoneOffsetMs(Date.UTC(2026, 6, 1), 'Europe/Paris')).toBe(2 * 3600_000);
  });

  it('a day whose midnight is skipped begins at its first moment', () => {
    // Chile moves to summer time at midnight in early September: each day starts where the zone says.
    const zone = 'America/Santiago';
    for (let day = 1; day <= 30; day++) {
      const date = `2026-09-${String(day).padStart(2, '0')}`;
      const start = startOfDayIn(date, zone).getTime();
      const local = new Date(start + timeZoneOffsetMs(start, zone)).toISOString();
      expect(local.slice(0, 10)).toBe(date);
      // A moment earlier it is still the day before there.
      const before = start - 1000;
      expect(new Date(before + timeZoneOffsetMs(before, zone)).toISOString().slice(0, 10)).toBe(date === '2026-09-01' ? '2026-08-31' : `2026-09-${String(day - 1).padStart(2, '0')}`);
    }
  });

  it('counts calendar days across months and years', () => {
    expect(nextCalendarDate('2026-02-28')).toBe('2026-03-01');
    expect(nextCalendarDate('2028-02-28')).toBe('2028-02-29');
    expect(nextCalendarDate('2026-12-31')).toBe('2027-01-01');
  });
});

describe('calendarDateIn', () => {
  it("is the zone's date at an instant, across the date line", () => {
    const instant = Date.parse('2026-11-24T20:30:00Z');
    expect(calendarDateIn(instant, 'UTC')).toBe('2026-11-24');
    expect(calendarDateIn(instant, null)).toBe('2026-11-24');
    expect(calendarDateIn(instant, 'Pacific/Auckland')).toBe('2026-11-25');
    expect(calendarDateIn(new Date('2026-11-25T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-24');
  });
});
