import { buildQueryString as toQueryString } from '@tasklane/contract/routes';
import { describe, expect, it } from 'vitest';
import { hasTodoFilters, readTodoFilters, toTodoListQuery, withoutTodoFilters, withTodoFilter } from './todo-filters';

const categoryId = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';

describe('readTodoFilters', () => {
  it('reads the four filters from the URL', () => {
    const params = new URLSearchParams({ status: 'IN_PROGRESS', priority: 'URGENT', category: categoryId, date: 'other' });
    expect(readTodoFilters(params)).toEqual({ status: 'IN_PROGRESS', priority: 'URGENT', category: categoryId, date: 'other' });
  });

  it('treats unknown values as All', () => {
    const params = new URLSearchParams({ status: 'DONE', priority: 'low', category: 'not-an-id', date: 'yesterday' });
    expect(readTodoFilters(params)).toEqual({});
    expect(hasTodoFilters(readTodoFilters(params))).toBe(false);
  });
});

describe('withTodoFilter', () => {
  it('sets a filter, and removes it for All, keeping other parameters', () => {
    const params = new URLSearchParams({ status: 'PENDING', other: 'kept' });
    expect(withTodoFilter(params, 'priority', 'HIGH').toString()).toBe('status=PENDING&other=kept&priority=HIGH');
    expect(withTodoFilter(params, 'status', '').toString()).toBe('other=kept');
    expect(params.toString()).toBe('status=PENDING&other=kept');
  });

  it('clears every filter at once', () => {
    const params = new URLSearchParams({ status: 'PENDING', date: 'today', other: 'kept' });
    expect(withoutTodoFilters(params).toString()).toBe('other=kept');
  });
});

describe('toTodoListQuery and toQueryString', () => {
  it('without filters, asks only that completed and cancelled todos be left out (issue 18); shown, sends nothing', () => {
    expect(toTodoListQuery({}, '2025-01-05')).toEqual({ hideDone: 'true' });
    expect(toTodoListQuery({}, '2025-01-05', { showDone: true })).toEqual({});
    expect(toQueryString({})).toBe('');
  });

  it('a status says what to show: no hideDone with it', () => {
    expect(toTodoListQuery({ status: 'PENDING' }, '2025-01-05')).toEqual({ status: 'PENDING' });
  });

  it("sends the visitor's date only with the date filter", () => {
    expect(toQueryString(toTodoListQuery({ status: 'COMPLETED', priority: 'LOW' }, '2025-01-05'))).toBe('?status=COMPLETED&priority=LOW');
    expect(toQueryString(toTodoListQuery({ date: 'today' }, '2025-01-05'))).toBe('?date=today&today=2025-01-05&hideDone=true');
    expect(toQueryString(toTodoListQuery({ category: categoryId, date: 'other' }, '2025-12-31', { showDone: true }))).toBe(
      `?category=${categoryId}&date=other&today=2025-12-31`,
    );
  });

  it('gives equal filters equal queries whatever their order in the URL', () => {
    const one = toTodoListQuery(readTodoFilters(new URLSearchParams('date=today&status=PENDING')), '2025-01-05');
    const two = toTodoListQuery(readTodoFilters(new URLSearchParams('status=PENDING&date=today')), '2025-01-05');
    expect(JSON.stringify(one)).toBe(JSON.stringify(two));
  });
});
