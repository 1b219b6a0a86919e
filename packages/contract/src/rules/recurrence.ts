/**
 * Recurring todos (issue 19, decision 036): the RFC 5545 RRULE subset a todo may carry, read and
 * checked without the rrule package (the server computes dates with it; this file stays small
 * enough for the first screen), the presets of the todo form's "Repeat" control, and the card's
 * English text ("Repeats weekly on Monday").
 */

export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];
export const WEEKDAY_NAMES: Record<WeekdayCode, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const RECURRENCE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** The largest INTERVAL and COUNT taken: beyond them a todo list is not the right tool. */
export const RECURRENCE_MAX_INTERVAL = 999;

export type RecurrenceDay = { ordinal: number | null; weekday: WeekdayCode };

export type RecurrenceParts = {
  freq: RecurrenceFrequency;
  interval: number;
  count: number | null;
  /** YYYY-MM-DD: the last day an occurrence may fall on. */
  until: string | null;
  byDay: RecurrenceDay[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  weekStart: WeekdayCode | null;
};

export type ParsedRecurrence = { ok: true; rule: string; parts: RecurrenceParts } | { ok: false; message: string };

export const RECURRENCE_FORMAT_MESSAGE = 'Repeat must be an RRULE such as FREQ=WEEKLY;BYDAY=MO';

const fail = (message: string): ParsedRecurrence => ({ ok: false, message });

function integers(value: string, min: number, max: number, allowNegative: boolean): number[] | null {
  const items = value.split(',');
  const numbers: number[] = [];
  for (const item of items) {
    if (!/^[+-]?\d{1,4}$/.test(item)) return null;
    const number = Number(item);
    if (number === 0 || Math.abs(number) < min || Math.abs(number) > max || (!allowNegative && number < 0)) return null;
    numbers.push(number);
  }
  return numbers;
}

/** `maxOrdinal`: 0 when the days take no ordinal (daily, weekly), 5 in a month, 53 in a year. */
function days(value: string, maxOrdinal: number): RecurrenceDay[] | null {
  const result: RecurrenceDay[] = [];
  for (const item of value.split(',')) {
    const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
    if (!match) return null;
    const ordinal = match[1] === undefined ? null : Number(match[1]);
    if (ordinal !== null && (ordinal === 0 || Math.abs(ordinal) > maxOrdinal)) return null;
    result.push({ ordinal, weekday: match[2] as WeekdayCode });
  }
  return result;
}

function untilDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(value);
  if (!match) return null;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * Reads an RRULE (the value of a todo's `recurrence`): `KEY=VALUE` parts joined by `;`, an
 * optional leading `RRULE:`, any case. FREQ is DAILY, WEEKLY, MONTHLY or YEARLY (a todo is due on
 * a day, so nothing finer), with INTERVAL, COUNT or UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS
 * and WKST. The rule comes back upper-cased without the prefix, its parts in the order sent.
 */
export function parseRecurrence(text: string): ParsedRecurrence {
  const rule = text
    .trim()
    .replace(/^RRULE:/i, '')
    .replace(/;+$/, '')
    .toUpperCase();
  if (rule === '' || rule.length > 500 || /\s/.test(rule)) return fail(RECURRENCE_FORMAT_MESSAGE);
  const seen = new Map<string, string>();
  for (const part of rule.split(';')) {
    const match = /^([A-Z]+)=(.+)$/.exec(part);
    if (!match) return fail(RECURRENCE_FORMAT_MESSAGE);
    const [, key, value] = match as unknown as [string, string, string];
    if (seen.has(key)) return fail(`Repeat names ${key} twice`);
    seen.set(key, value);
  }
  const freq = seen.get('FREQ');
  if (!freq) return fail('Repeat needs a FREQ: DAILY, WEEKLY, MONTHLY or YEARLY');
  if (!(RECURRENCE_FREQUENCIES as readonly string[]).includes(freq)) {
    return fail('Repeat FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY (a todo is due on a day)');
  }
  const parts: RecurrenceParts = {
    freq: freq as RecurrenceFrequency,
    interval: 1,
    count: null,
    until: null,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
    weekStart: null,
  };
  for (const [key, value] of seen) {
    switch (key) {
      case 'FREQ':
        break;
      case 'INTERVAL':
      case 'COUNT': {
        const [number, ...rest] = integers(value, 1, RECURRENCE_MAX_INTERVAL, false) ?? [];
        if (number === undefined || rest.length > 0) return fail(`Repeat ${key} must be a whole number from 1 to ${RECURRENCE_MAX_INTERVAL}`);
        if (key === 'INTERVAL') parts.interval = number;
        else parts.count = number;
        break;
      }
      case 'UNTIL': {
        const until = untilDate(value);
        if (!until) return fail('Repeat UNTIL must be a date such as 20271231');
        parts.until = until;
        break;
      }
      case 'BYDAY': {
        const list = days(value, { DAILY: 0, WEEKLY: 0, MONTHLY: 5, YEARLY: 53 }[parts.freq]);
        if (!list) return fail('Repeat BYDAY must list days such as MO,WE (or 2TU, -1FR when monthly or yearly: up to 5 in a month, 53 in a year)');
        parts.byDay = list;
        break;
      }
      case 'BYMONTHDAY': {
        const list = integers(value, 1, 31, true);
        if (!list) return fail('Repeat BYMONTHDAY must list days of the month, 1 to 31 or -31 to -1');
        parts.byMonthDay = list;
        break;
      }
      case 'BYMONTH': {
        const list = integers(value, 1, 12, false);
        if (!list) return fail('Repeat BYMONTH must list months, 1 to 12');
        parts.byMonth = list;
        break;
      }
      case 'BYSETPOS': {
        const list = integers(value, 1, 366, true);
        if (!list) return fail('Repeat BYSETPOS must list positions, 1 to 366 or -366 to -1');
        parts.bySetPos = list;
        break;
      }
      case 'WKST': {
        if (!(WEEKDAY_CODES as readonly string[]).includes(value)) return fail('Repeat WKST must be a day such as MO');
        parts.weekStart = value as WeekdayCode;
        break;
      }
      default:
        return fail(`Repeat cannot use ${key}: FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS and WKST are understood`);
    }
  }
  if (parts.count !== null && parts.until !== null) return fail('Repeat may have COUNT or UNTIL, not both');
  // Daily and weekly rules choose among days of the week only: with days of the month or months
  // they can ask for dates that never come, which the server would search for in vain.
  if ((parts.freq === 'DAILY' || parts.freq === 'WEEKLY') && parts.byMonthDay.length + parts.byMonth.length + parts.bySetPos.length > 0) {
    return fail('Repeat BYMONTHDAY, BYMONTH and BYSETPOS need FREQ=MONTHLY or FREQ=YEARLY');
  }
  if (parts.bySetPos.length > 0 && parts.byDay.length + parts.byMonthDay.length + parts.byMonth.length === 0) {
    return fail('Repeat BYSETPOS needs another BY part to choose from');
  }
  return { ok: true, rule, parts };
}

const WORKWEEK: WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];
const ORDINALS: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', 5: 'fifth', [-1]: 'last', [-2]: 'second to last' };

function listText(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const isWorkweek = (byDay: RecurrenceDay[]) =>
  byDay.length === 5 && byDay.every((day) => day.ordinal === null) && WORKWEEK.every((code) => byDay.some((day) => day.weekday === code));

function sortedDays(byDay: RecurrenceDay[]): RecurrenceDay[] {
  return [...byDay].sort((a, b) => WEEKDAY_CODES.indexOf(a.weekday) - WEEKDAY_CODES.indexOf(b.weekday));
}

function monthDayText(day: number): string {
  if (day === -1) return 'the last day';
  if (day < 0) return `day ${-day} from the end`;
  return `day ${day}`;
}

function dayText(day: RecurrenceDay): string {
  const name = WEEKDAY_NAMES[day.weekday];
  if (day.ordinal === null) return name;
  return `the ${ORDINALS[day.ordinal] ?? `${day.ordinal}th`} ${name}`;
}

const UNITS: Record<RecurrenceFrequency, [string, string]> = {
  DAILY: ['daily', 'days'],
  WEEKLY: ['weekly', 'weeks'],
  MONTHLY: ['monthly', 'months'],
  YEARLY: ['yearly', 'years'],
};

function endText(parts: RecurrenceParts): string {
  if (parts.count !== null) return parts.count === 1 ? ', once' : `, ${parts.count} times`;
  if (parts.until !== null) {
    const date = new Date(`${parts.until}T00:00:00Z`);
    return `, until ${MONTH_NAMES[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  }
  return '';
}

/**
 * The card's text for a rule, in English: "Repeats weekly on Monday", "Repeats every weekday",
 * "Repeats monthly on day 31", "Repeats yearly on February 29", "Repeats every 2 weeks on Monday
 * and Thursday". A rule that is not one of these shapes reads "Repeats weekly (custom rule)".
 * Text that is not a rule at all gives null.
 */
export function describeRecurrence(text: string): string | null {
  const parsed = parseRecurrence(text);
  if (!parsed.ok) return null;
  const parts = parsed.parts;
  const [adverb, plural] = UNITS[parts.freq];
  const every = parts.interval === 1 ? adverb : `every ${parts.interval} ${plural}`;
  const end = endText(parts);
  const custom = `Repeats ${every} (custom rule)${end}`;
  if (parts.bySetPos.length > 0) return custom;
  const { byDay, byMonthDay, byMonth } = parts;
  if ((parts.freq === 'DAILY' || parts.freq === 'WEEKLY') && parts.interval === 1 && isWorkweek(byDay) && byMonthDay.length + byMonth.length === 0) {
    return `Repeats every weekday${end}`;
  }
  switch (parts.freq) {
    case 'DAILY':
      return byDay.length + byMonthDay.length + byMonth.length === 0 ? `Repeats ${every}${end}` : custom;
    case 'WEEKLY':
      if (byMonthDay.length + byMonth.length > 0) return custom;
      return `Repeats ${every}${byDay.length ? ` on ${listText(sortedDays(byDay).map(dayText))}` : ''}${end}`;
    case 'MONTHLY':
      if (byMonth.length > 0 || (byDay.length > 0 && byMonthDay.length > 0)) return custom;
      if (byMonthDay.length > 0) return `Repeats ${every} on ${listText([...byMonthDay].sort((a, b) => a - b).map(monthDayText))}${end}`;
      if (byDay.length > 0) return byDay.every((day) => day.ordinal !== null) ? `Repeats ${every} on ${listText(byDay.map(dayText))}${end}` : custom;
      return `Repeats ${every}${end}`;
    case 'YEARLY':
      if (byDay.length > 0) return custom;
      if (byMonth.length === 1 && byMonthDay.length === 1 && byMonthDay[0]! > 0) {
        return `Repeats ${every} on ${MONTH_NAMES[byMonth[0]! - 1]} ${byMonthDay[0]}${end}`;
      }
      return byMonth.length + byMonthDay.length === 0 ? `Repeats ${every}${end}` : custom;
  }
}

/** The Repeat control's choices (issue 19): each one gives a rule; 'custom' keeps a rule made elsewhere. */
export type RecurrencePreset =
  | { kind: 'none' }
  | { kind: 'daily' }
  | { kind: 'weekdays' }
  | { kind: 'weekly'; days: WeekdayCode[] }
  | { kind: 'monthly'; day: number }
  | { kind: 'yearly'; month: number; day: number }
  | { kind: 'every'; interval: number; unit: 'DAILY' | 'WEEKLY' | 'MONTHLY'; days: WeekdayCode[]; day: number }
  | { kind: 'custom'; rule: string };

const byDayPart = (days: WeekdayCode[]) => (days.length ? `;BYDAY=${WEEKDAY_CODES.filter((code) => days.includes(code)).join(',')}` : '');

/** The rule a preset stands for (null: does not repeat). */
export function presetToRule(preset: RecurrencePreset): string | null {
  switch (preset.kind) {
    case 'none':
      return null;
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    case 'weekly':
      return `FREQ=WEEKLY${byDayPart(preset.days)}`;
    case 'monthly':
      return `FREQ=MONTHLY;BYMONTHDAY=${preset.day}`;
    case 'yearly':
      return `FREQ=YEARLY;BYMONTH=${preset.month};BYMONTHDAY=${preset.day}`;
    case 'every': {
      const base = `FREQ=${preset.unit};INTERVAL=${preset.interval}`;
      if (preset.unit === 'WEEKLY') return `${base}${byDayPart(preset.days)}`;
      if (preset.unit === 'MONTHLY') return `${base};BYMONTHDAY=${preset.day}`;
      return base;
    }
    case 'custom':
      return preset.rule;
  }
}

/** The preset a stored rule shows as in the form: one of the presets when it is one, else 'custom'. */
export function ruleToPreset(rule: string | null): RecurrencePreset {
  if (rule === null || rule === '') return { kind: 'none' };
  const parsed = parseRecurrence(rule);
  if (!parsed.ok) return { kind: 'custom', rule };
  const { freq, interval, count, until, byDay, byMonthDay, byMonth, bySetPos, weekStart } = parsed.parts;
  const custom = { kind: 'custom', rule: parsed.rule } as const;
  if (count !== null || until !== null || bySetPos.length > 0 || weekStart !== null) return custom;
  if (byDay.some((day) => day.ordinal !== null)) return custom;
  const weekdays = sortedDays(byDay).map((day) => day.weekday);
  const plainDays = byMonthDay.length === 0 && byMonth.length === 0;
  if (freq === 'DAILY' && plainDays && byDay.length === 0) return interval === 1 ? { kind: 'daily' } : { kind: 'every', interval, unit: 'DAILY', days: [], day: 1 };
  if (freq === 'WEEKLY' && plainDays) {
    if (interval === 1) return isWorkweek(byDay) ? { kind: 'weekdays' } : { kind: 'weekly', days: weekdays };
    return { kind: 'every', interval, unit: 'WEEKLY', days: weekdays, day: 1 };
  }
  if (freq === 'MONTHLY' && byDay.length === 0 && byMonth.length === 0 && byMonthDay.length === 1) {
    const day = byMonthDay[0]!;
    if (day > 0 || day === -1) return interval === 1 ? { kind: 'monthly', day } : { kind: 'every', interval, unit: 'MONTHLY', days: [], day };
  }
  if (freq === 'YEARLY' && interval === 1 && byDay.length === 0 && byMonth.length === 1 && byMonthDay.length === 1 && byMonthDay[0]! > 0) {
    return { kind: 'yearly', month: byMonth[0]!, day: byMonthDay[0]! };
  }
  return custom;
}
