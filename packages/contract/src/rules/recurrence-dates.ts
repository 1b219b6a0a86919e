import { parseRecurrence } from './recurrence.js';

/**
 * The dates of a todo's rule (decision 036), computed by the rrule package. The package is given
 * to these functions rather than imported, so that the contract (on the web app's first screen)
 * does not carry it: the server imports it, the todo form loads it on first use.
 */
export interface RRuleClassLike<O> {
  parseString(text: string): O;
  new (options: O & { dtstart: Date; until?: Date }): { after(date: Date, inclusive?: boolean): Date | null };
}

const MAX_YEAR = 9999;
/** The Gregorian calendar repeats itself, weekdays and leap days included, every 400 years. */
const CYCLE_YEARS = 400;

/**
 * How far ahead a date is looked for: enough for a yearly February 29 (8 years across a century)
 * and for the largest intervals.
 */
function horizonYears(freq: string, interval: number): number {
  const periodYears = { DAILY: 1 / 365, WEEKLY: 7 / 365, MONTHLY: 1 / 12, YEARLY: 1 }[freq] ?? 1;
  return Math.max(10, Math.ceil(periodYears * interval * 3));
}

const utcDate = (date: string, shiftYears = 0) =>
  new Date(Date.UTC(Number(date.slice(0, 4)) + shiftYears, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
const addYears = (date: Date, years: number) => new Date(Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate()));

/**
 * The rule's first date from `start` (YYYY-MM-DD) on. A todo is due on a day: dates are floating
 * UTC midnights, so a daylight-saving change in the person's zone never moves one by a day.
 * COUNT is not applied here: a todo carries how many are left (see nextRecurrence).
 *
 * rrule looks for dates until the year 9999 and stops only when it finds one, so a rule that can
 * never happen (February 30) would keep a request busy for seconds. The search is moved by whole
 * 400-year cycles (the same calendar) to end a few centuries before 9999, and moved back.
 */
export function recurrenceDate<O>(RRule: RRuleClassLike<O>, rule: string, start: string, isStartIncluded: boolean, isEndIgnored = false): string | null {
  const parsed = parseRecurrence(rule);
  if (!parsed.ok) return null;
  const { freq, interval } = parsed.parts;
  const until = isEndIgnored ? null : parsed.parts.until;
  const horizon = horizonYears(freq, interval);
  const year = Number(start.slice(0, 4));
  const shift = Math.max(0, Math.floor((MAX_YEAR - horizon - year) / CYCLE_YEARS)) * CYCLE_YEARS;
  const options = RRule.parseString(
    parsed.rule
      .split(';')
      .filter((part) => !part.startsWith('COUNT=') && !part.startsWith('UNTIL='))
      .join(';'),
  );
  const dtstart = utcDate(start, shift);
  let found: Date | null;
  try {
    found = new RRule({ ...options, dtstart, ...(until ? { until: utcDate(until, shift) } : {}) }).after(dtstart, isStartIncluded);
  } catch {
    // A combination the parser lets through and rrule cannot expand gives no date, never a crash.
    return null;
  }
  if (!found || found > addYears(dtstart, horizon)) return null;
  return addYears(found, -shift).toISOString().slice(0, 10);
}

/** The first date of the rule on or after `date` (a repeating todo set without a due date starts there). */
export function firstRecurrence<O>(RRule: RRuleClassLike<O>, rule: string, date: string): string | null {
  return recurrenceDate(RRule, rule, date, true);
}

/**
 * Whether the rule's pattern ever gives a date from `date` on, its end (UNTIL) aside: a rule
 * such as February 30 is refused, while one that has already ended is kept (it repeats no more).
 */
export function isPossibleRecurrence<O>(RRule: RRuleClassLike<O>, rule: string, date: string): boolean {
  return recurrenceDate(RRule, rule, date, true, true) !== null;
}

/**
 * What completing a todo due on `dueDate` with `rule` makes: the next todo's due date (the
 * rule's first date after `dueDate`) and its rule (COUNT one less: COUNT=n means this todo and
 * n - 1 more). Null when the rule has ended (UNTIL passed, COUNT used up).
 */
export function nextRecurrence<O>(RRule: RRuleClassLike<O>, rule: string, dueDate: string): { dueDate: string; rule: string } | null {
  const parsed = parseRecurrence(rule);
  if (!parsed.ok) return null;
  const { count } = parsed.parts;
  if (count !== null && count <= 1) return null;
  const next = recurrenceDate(RRule, parsed.rule, dueDate, false);
  if (!next) return null;
  const nextRule = count === null ? parsed.rule : parsed.rule.replace(/(^|;)COUNT=\d+/, `$1COUNT=${count - 1}`);
  return { dueDate: next, rule: nextRule };
}
