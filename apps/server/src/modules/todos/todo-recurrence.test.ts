import { describe, expect, it } from 'vitest';
import { firstRecurrence, nextRecurrence } from './todo-recurrence.js';

describe('nextRecurrence', () => {
  it.each([
    ['FREQ=DAILY', '2027-02-28', '2027-03-01'],
    ['FREQ=DAILY', '2028-02-28', '2028-02-29'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2027-04-30', '2027-05-03'],
    ['FREQ=WEEKLY;BYDAY=MO', '2027-03-24', '2027-03-29'],
    ['FREQ=WEEKLY;BYDAY=MO,TH', '2027-03-29', '2027-04-01'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', '2027-01-31', '2027-03-31'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2027-01-31', '2027-02-28'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', '2027-12-15', '2028-01-15'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2028-02-29', '2032-02-29'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2096-02-29', '2104-02-29'],
    ['FREQ=DAILY;INTERVAL=3', '2027-12-30', '2028-01-02'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2027-03-22', '2027-04-05'],
    ['FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=31', '2027-05-31', '2027-07-31'],
    ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=30', '2027-11-30', '2028-05-30'],
  ])('%s after %s is %s', (rule, due, next) => {
    expect(nextRecurrence(rule, due)).toEqual({ dueDate: next, rule });
  });

  it('counts down COUNT and stops at its end', () => {
    expect(nextRecurrence('FREQ=DAILY;COUNT=3', '2027-01-01')).toEqual({ dueDate: '2027-01-02', rule: 'FREQ=DAILY;COUNT=2' });
    expect(nextRecurrence('FREQ=DAILY;COUNT=1', '2027-01-01')).toBeNull();
  });

  it('stops after UNTIL (inclusive)', () => {
    expect(nextRecurrence('FREQ=WEEKLY;UNTIL=20270108', '2027-01-01')).toEqual({ dueDate: '2027-01-08', rule: 'FREQ=WEEKLY;UNTIL=20270108' });
    expect(nextRecurrence('FREQ=WEEKLY;UNTIL=20270107', '2027-01-01')).toBeNull();
  });

  it('gives up quickly on a rule that never happens', () => {
    const started = Date.now();
    expect(nextRecurrence('FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30', '2027-01-01')).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('firstRecurrence', () => {
  it('includes the day itself when it is on the rule', () => {
    expect(firstRecurrence('FREQ=WEEKLY;BYDAY=MO', '2027-03-29')).toBe('2027-03-29');
    expect(firstRecurrence('FREQ=WEEKLY;BYDAY=MO', '2027-03-30')).toBe('2027-04-05');
    expect(firstRecurrence('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2027-03-01')).toBe('2028-02-29');
  });
});

describe('impossible rules', () => {
  it.each(['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31', 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=9', 'FREQ=DAILY;INTERVAL=7;BYDAY=TU'])('%s: no date, found out fast', (rule) => {
    const started = Date.now();
    expect(firstRecurrence(rule, '2027-03-01')).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('any rule the parser accepts', () => {
  it('gives a date or none, quickly, and never throws', () => {
    const parts = ['INTERVAL=7', 'COUNT=3', 'UNTIL=20280229', 'BYDAY=53MO', 'BYDAY=-1SU,2TU', 'BYMONTHDAY=-31', 'BYMONTHDAY=31', 'BYMONTH=2', 'BYSETPOS=-366', 'BYSETPOS=2', 'WKST=SU'];
    let seed = 19;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const started = Date.now();
    for (let round = 0; round < 300; round += 1) {
      const freq = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'][Math.floor(random() * 4)];
      const chosen = parts.filter(() => random() < 0.3);
      const rule = [`FREQ=${freq}`, ...chosen].join(';');
      const start = ['0001-01-01', '2027-02-28', '9998-12-31'][Math.floor(random() * 3)]!;
      expect(() => firstRecurrence(rule, start)).not.toThrow();
      expect(() => nextRecurrence(rule, start)).not.toThrow();
    }
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
