import { addDays, addMonths, addWeeks, differenceInCalendarDays, endOfMonth, endOfWeek, format, parseISO, startOfMonth, startOfWeek } from 'date-fns';

/** A day as the calendar names it: 'YYYY-MM-DD', the API's due dates' form. */
export type DayKey = string;
export type CalendarView = 'month' | 'week';
/** date-fns's numbering: 0 Sunday ... 6 Saturday. */
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Regions whose weeks start on Sunday (CLDR), for browsers without Intl.Locale's week info:
 * the United States and the others a person is most likely to write in. Every other region
 * starts on Monday (ISO 8601), as most of the world does.
 */
const SUNDAY_REGIONS = new Set(['US', 'CA', 'MX', 'BR', 'JP', 'KR', 'TW', 'HK', 'MO', 'IL', 'PH', 'IN', 'ZA', 'PR', 'GT', 'PE', 'CO', 'VE', 'SV', 'HN', 'NI', 'PA', 'DO', 'JM', 'KE', 'ZW', 'PK', 'TH', 'ID', 'SG', 'SA', 'AU']);

type WeekInfo = { firstDay?: number };
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * The first day of the week in `locale` (a BCP 47 tag such as 'en-US' or 'fr-FR'): what
 * Intl.Locale says (`getWeekInfo()`, or the older `weekInfo` property; its firstDay runs 1 Monday
 * ... 7 Sunday), else Sunday for the regions above and Monday everywhere else (decision 035).
 */
export function firstDayOfWeek(locale: string | undefined): WeekStart {
  let intlLocale: LocaleWithWeekInfo;
  try {
    intlLocale = new Intl.Locale(locale || 'en-US') as LocaleWithWeekInfo;
  } catch {
    return 1;
  }
  try {
    const info = typeof intlLocale.getWeekInfo === 'function' ? intlLocale.getWeekInfo() : intlLocale.weekInfo;
    if (info?.firstDay !== undefined && info.firstDay >= 1 && info.firstDay <= 7) return (info.firstDay % 7) as WeekStart;
  } catch {
    // Some engines throw for locales they know no week data of: fall back below.
  }
  const region = intlLocale.region ?? intlLocale.maximize().region;
  return region && SUNDAY_REGIONS.has(region) ? 0 : 1;
}

/** A day key as a local Date at midnight (date-fns works on local dates; no time zone shifts the day). */
export const dayDate = (day: DayKey): Date => parseISO(day);
export const dayKey = (date: Date): DayKey => format(date, 'yyyy-MM-dd');
export const addDaysTo = (day: DayKey, amount: number): DayKey => dayKey(addDays(dayDate(day), amount));

/** The days a view shows around `anchor`: a month's whole weeks (4 to 6 of them), or the week. */
export function visibleDays(view: CalendarView, anchor: DayKey, weekStartsOn: WeekStart): DayKey[] {
  const date = dayDate(anchor);
  const first = view === 'month' ? startOfWeek(startOfMonth(date), { weekStartsOn }) : startOfWeek(date, { weekStartsOn });
  const last = view === 'month' ? endOfWeek(endOfMonth(date), { weekStartsOn }) : endOfWeek(date, { weekStartsOn });
  const count = differenceInCalendarDays(last, first) + 1;
  return Array.from({ length: count }, (_, index) => dayKey(addDays(first, index)));
}

/** The view's days in rows of seven. */
export function weeksOf(days: readonly DayKey[]): DayKey[][] {
  const weeks: DayKey[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  return weeks;
}

/** The anchor one view later (1) or earlier (-1): the same day of the next month, or a week on. */
export function stepAnchor(view: CalendarView, anchor: DayKey, step: 1 | -1): DayKey {
  const date = dayDate(anchor);
  return dayKey(view === 'month' ? addMonths(date, step) : addWeeks(date, step));
}

/** Whether `day` is in the anchor's month (the month view dims the days of the months around it). */
export const isSameMonth = (day: DayKey, anchor: DayKey) => day.slice(0, 7) === anchor.slice(0, 7);

/** The view's heading: 'November 2026', or the week's span ('Nov 23 – 29, 2026'). */
export function viewTitle(view: CalendarView, anchor: DayKey, weekStartsOn: WeekStart, locale?: string): string {
  if (view === 'month') return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(dayDate(anchor));
  const days = visibleDays('week', anchor, weekStartsOn);
  const formatter = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' });
  return formatter.formatRange(dayDate(days[0]!), dayDate(days[6]!));
}

/** A day for screen readers and the day panel: 'Wednesday, November 25, 2026'. */
export const longDayLabel = (day: DayKey, locale?: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(dayDate(day));

/** The short names of the week's days in order, from its first: ['Mon', 'Tue', ...]. */
export function weekdayNames(weekStartsOn: WeekStart, locale?: string): Array<{ short: string; long: string }> {
  // 2023-01-01 was a Sunday.
  const sunday = dayDate('2023-01-01');
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  return Array.from({ length: 7 }, (_, index) => {
    const date = addDays(sunday, (weekStartsOn + index) % 7);
    return { short: short.format(date), long: long.format(date) };
  });
}

/** Where an arrow key (or Home, End, Page Up, Page Down) takes the focused day. */
export function dayAfterKey(day: DayKey, key: string, weekStartsOn: WeekStart): DayKey | null {
  const date = dayDate(day);
  switch (key) {
    case 'ArrowLeft':
      return addDaysTo(day, -1);
    case 'ArrowRight':
      return addDaysTo(day, 1);
    case 'ArrowUp':
      return addDaysTo(day, -7);
    case 'ArrowDown':
      return addDaysTo(day, 7);
    case 'Home':
      return dayKey(startOfWeek(date, { weekStartsOn }));
    case 'End':
      return dayKey(endOfWeek(date, { weekStartsOn }));
    case 'PageUp':
      return dayKey(addMonths(date, -1));
    case 'PageDown':
      return dayKey(addMonths(date, 1));
    default:
      return null;
  }
}
