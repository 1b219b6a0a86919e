import { describe, expect, it } from 'vitest';
import { describeRecurrence, parseRecurrence, presetToRule, ruleToPreset, type RecurrencePreset } from './recurrence.js';

describe('parseRecurrence', () => {
  it('upper-cases, drops an RRULE: prefix and a trailing semicolon', () => {
    expect(parseRecurrence(' rrule:freq=weekly;byday=mo; ')).toMatchObject({ ok: true, rule: 'FREQ=WEEKLY;BYDAY=MO' });
  });

  it.each([
    '',
    'FREQ=WEEKLY BYDAY=MO',
    'FREQ=WEEKLY;;BYDAY=MO',
    'FREQ=MINUTELY',
    'FREQ=DAILY;FREQ=WEEKLY',
    'FREQ=WEEKLY;BYDAY=1MO',
    'FREQ=MONTHLY;BYDAY=6MO',
    'FREQ=MONTHLY;BYMONTHDAY=32',
    'FREQ=MONTHLY;BYMONTHDAY=0',
    'FREQ=YEARLY;BYMONTH=13',
    'FREQ=DAILY;INTERVAL=1000',
    'FREQ=DAILY;UNTIL=20270230',
    'FREQ=DAILY;BYMONTHDAY=3',
    'FREQ=MONTHLY;BYSETPOS=1',
    'FREQ=DAILY;DTSTART=20270101',
  ])('refuses %j', (text) => {
    expect(parseRecurrence(text).ok).toBe(false);
  });

  it('reads every part it understands', () => {
    const parsed = parseRecurrence('FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR;BYSETPOS=1;WKST=SU;UNTIL=20271231T000000Z');
    expect(parsed).toMatchObject({
      ok: true,
      parts: { freq: 'MONTHLY', interval: 2, until: '2027-12-31', byDay: [{ ordinal: -1, weekday: 'FR' }], bySetPos: [1], weekStart: 'SU' },
    });
  });
});

describe('describeRecurrence', () => {
  it.each([
    ['FREQ=DAILY', 'Repeats daily'],
    ['FREQ=DAILY;INTERVAL=3', 'Repeats every 3 days'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Repeats every weekday'],
    ['FREQ=WEEKLY;BYDAY=MO', 'Repeats weekly on Monday'],
    ['FREQ=WEEKLY;BYDAY=FR,MO,WE', 'Repeats weekly on Monday, Wednesday and Friday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', 'Repeats every 2 weeks on Monday and Thursday'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', 'Repeats monthly on day 31'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Repeats monthly on the last day'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'Repeats monthly on the second Tuesday'],
    ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15', 'Repeats every 3 months on day 15'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'Repeats yearly on February 29'],
    ['FREQ=YEARLY', 'Repeats yearly'],
    ['FREQ=DAILY;COUNT=5', 'Repeats daily, 5 times'],
    ['FREQ=WEEKLY;BYDAY=SA;UNTIL=20271231', 'Repeats weekly on Saturday, until Dec 31, 2027'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'Repeats monthly (custom rule)'],
  ])('%s reads "%s"', (rule, text) => {
    expect(describeRecurrence(rule)).toBe(text);
  });

  it('gives null for text that is not a rule', () => {
    expect(describeRecurrence('every monday')).toBeNull();
  });
});

describe('presets', () => {
  it.each<[RecurrencePreset, string | null]>([
    [{ kind: 'none' }, null],
    [{ kind: 'daily' }, 'FREQ=DAILY'],
    [{ kind: 'weekdays' }, 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    [{ kind: 'weekly', days: ['WE', 'MO'] }, 'FREQ=WEEKLY;BYDAY=MO,WE'],
    [{ kind: 'monthly', day: 31 }, 'FREQ=MONTHLY;BYMONTHDAY=31'],
    [{ kind: 'monthly', day: -1 }, 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    [{ kind: 'yearly', month: 2, day: 29 }, 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29'],
    [{ kind: 'every', interval: 3, unit: 'DAILY', days: [], day: 1 }, 'FREQ=DAILY;INTERVAL=3'],
    [{ kind: 'every', interval: 2, unit: 'WEEKLY', days: ['TH'], day: 1 }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH'],
    [{ kind: 'every', interval: 6, unit: 'MONTHLY', days: [], day: 15 }, 'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=15'],
  ])('%j gives %s and reads back', (preset, rule) => {
    expect(presetToRule(preset)).toBe(rule);
    const back = ruleToPreset(rule);
    expect(presetToRule(back)).toBe(rule);
  });

  it('keeps a rule no preset makes as custom', () => {
    expect(ruleToPreset('FREQ=MONTHLY;BYDAY=2TU')).toEqual({ kind: 'custom', rule: 'FREQ=MONTHLY;BYDAY=2TU' });
  });
});
