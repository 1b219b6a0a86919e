/*
 * Time zones (issue 17): a user's zone is an IANA name as Intl knows it ('Europe/Paris'), and a
 * due date (a calendar day, no time) ends at midnight of the next day in that zone.
 */

/** Letters, digits and _ + - in slash-separated parts: an IANA name, not an offset or an abbreviation list. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The time zone used for a user who has not chosen one. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Whether `value` names a time zone this runtime's Intl knows (the server's decides). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A known zone in its usual spelling ('europe/paris' becomes 'Europe/Paris'); other names as given. */
export function normalizeTimeZone(value: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at `instant` (ms; negative west of Greenwich). */
export function timeZoneOffsetMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The calendar day (YYYY-MM-DD) after `date`. */
export function nextCalendarDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The instant a calendar day begins in the zone (its first existing moment when midnight is skipped). */
export function startOfDayIn(date: string, timeZone: string): Date {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - timeZoneOffsetMs(wall, timeZone);
  const second = wall - timeZoneOffsetMs(first, timeZone);
  return new Date(Math.max(first, second));
}

/**
 * When something due on `dueDate` becomes overdue for a person in `timeZone`: the end of that
 * day there (the start of the next), so it is due all day long (decision 027).
 */
export function dueMomentOf(dueDate: string, timeZone: string | null): Date {
  return startOfDayIn(nextCalendarDate(dueDate), timeZone ?? DEFAULT_TIME_ZONE);
}

/** The calendar day (YYYY-MM-DD) it is at `instant` in the zone ("today" for a person in `timeZone`). */
export function calendarDateIn(instant: Date | number, timeZone: string | null): string {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(at + timeZoneOffsetMs(at, timeZone ?? DEFAULT_TIME_ZONE)).toISOString().slice(0, 10);
}
