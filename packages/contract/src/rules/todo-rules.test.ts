import { describe, expect, it } from 'vitest';
import type { TodoStatus } from '../enums.js';
import { isTodoOverdue, localCalendarDate, toCalendarDate, toggleListTodoStatus, toggleTodoStatus } from './todo-rules.js';

describe('toggleTodoStatus (the dashboard checkbox)', () => {
  it.each<[TodoStatus, TodoStatus]>([
    ['COMPLETED', 'PENDING'],
    ['PENDING', 'COMPLETED'],
    ['IN_PROGRESS', 'IN_PROGRESS'],
    ['CANCELLED', 'CANCELLED'],
  ])('%s → %s', (from, to) => {
    expect(toggleTodoStatus(from)).toBe(to);
  });
});

describe('toggleListTodoStatus (the simple list)', () => {
  it.each<[TodoStatus, TodoStatus]>([
    ['COMPLETED', 'PENDING'],
    ['PENDING', 'COMPLETED'],
    ['IN_PROGRESS', 'COMPLETED'],
    ['CANCELLED', 'COMPLETED'],
  ])('%s → %s', (from, to) => {
    expect(toggleListTodoStatus(from)).toBe(to);
  });
});

describe('isTodoOverdue', () => {
  const today = '2025-06-15';

  it.each<[string | null, TodoStatus, boolean]>([
    ['2025-06-14', 'PENDING', true],
    ['2025-06-14', 'IN_PROGRESS', true],
    ['2025-06-14', 'CANCELLED', true],
    ['2025-06-14', 'COMPLETED', false],
    ['2024-12-31', 'PENDING', true],
    ['2025-06-15', 'PENDING', false],
    ['2025-06-16', 'PENDING', false],
    [null, 'PENDING', false],
    [null, 'COMPLETED', false],
    ['2025-06-14T00:00:00.000Z', 'PENDING', true],
    ['2025-06-14T23:59:59.999Z', 'PENDING', true],
    ['2025-06-15T00:00:00.000Z', 'PENDING', false],
    ['2025-06-16T00:00:00.000Z', 'PENDING', false],
    ['2025-06-14T00:00:00.000Z', 'COMPLETED', false],
  ])('due %j, %s → %s', (dueDate, status, expected) => {
    expect(isTodoOverdue({ dueDate, status }, today)).toBe(expected);
  });

  it('compares with the local date when no today is given', () => {
    expect(isTodoOverdue({ dueDate: '2000-01-01', status: 'PENDING' })).toBe(true);
    expect(isTodoOverdue({ dueDate: '2999-01-01', status: 'PENDING' })).toBe(false);
    expect(isTodoOverdue({ dueDate: localCalendarDate(), status: 'PENDING' })).toBe(false);
  });
});

describe('toCalendarDate and localCalendarDate', () => {
  it('keeps a date and takes the UTC date of a timestamp', () => {
    expect(toCalendarDate('2025-01-31')).toBe('2025-01-31');
    expect(toCalendarDate('2025-01-31T00:00:00.000Z')).toBe('2025-01-31');
    expect(toCalendarDate('2025-01-31T23:30:00.000Z')).toBe('2025-01-31');
  });

  it('formats the local date of a Date as YYYY-MM-DD', () => {
    expect(localCalendarDate(new Date(2025, 0, 5, 12))).toBe('2025-01-05');
    expect(localCalendarDate(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31');
  });
});
