import { describe, expect, it } from 'vitest';
import { readPriority, readStatus } from './csv.js';
import { parseDay } from './dates.js';

describe('parseDay', () => {
  it.each([
    ['2030-05-01', '2030-05-01'],
    ['2030-05-01T23:30:00-02:00', '2030-05-02'],
    ['2030/5/1', '2030-05-01'],
    ['1.5.2030', '2030-05-01'],
    ['13/02/2030', '2030-02-13'],
    ['02/13/2030', '2030-02-13'],
    ['05/05/2030', '2030-05-05'],
    ['13 Jun 2030', '2030-06-13'],
    ['June 13, 2030', '2030-06-13'],
    ['1st March 2030', '2030-03-01'],
    ['', null],
    ['  ', null],
  ])('reads %j as %j', (text, day) => {
    expect(parseDay(text)).toBe(day);
  });

  it.each(['03/04/2030', '2030-02-30', '31/02/2030', 'every monday', 'tomorrow', '2030-13-01', '0999-01-01', 'Smarch 3 2030'])('refuses %j', (text) => {
    expect(parseDay(text)).toBeUndefined();
  });
});

describe('CSV statuses and priorities', () => {
  it('reads statuses in any case and common words, and tells an unknown one from an empty one', () => {
    expect(readStatus('in progress')).toBe('IN_PROGRESS');
    expect(readStatus('In-Review')).toBe('IN_REVIEW');
    expect(readStatus('done')).toBe('COMPLETED');
    expect(readStatus('To do')).toBe('TODO');
    expect(readStatus('')).toBeNull();
    expect(readStatus('someday')).toBeUndefined();
  });

  it('reads priorities likewise', () => {
    expect(readPriority('high')).toBe('HIGH');
    expect(readPriority('Normal')).toBe('MEDIUM');
    expect(readPriority('critical')).toBe('URGENT');
    expect(readPriority(' ')).toBeNull();
    expect(readPriority('p1')).toBeUndefined();
  });
});
