import { buildQueryString as toQueryString } from '@tasklane/contract/routes';
import { describe, expect, it } from 'vitest';
import { hasListFilters, nextSort, readListState, toListQuery, withListParam, withListSort, withoutListFilters } from './list-query';

const options = {
  statuses: ['OPEN', 'DONE'] as const,
  sortFields: ['createdAt', 'title', 'dueDate'] as const,
  defaultSortBy: 'createdAt' as const,
  defaultSortOrder: 'desc' as const,
};
const params = (text: string) => new URLSearchParams(text);

describe('readListState', () => {
  it('reads the defaults from a bare URL', () => {
    expect(readListState(params(''), options)).toEqual({ page: 1, search: '', sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('reads every parameter it knows', () => {
    expect(readListState(params('page=3&search=pay&status=DONE&priority=HIGH&sortBy=title&sortOrder=asc'), options)).toEqual({
      page: 3,
      search: 'pay',
      status: 'DONE',
      priority: 'HIGH',
      sortBy: 'title',
      sortOrder: 'asc',
    });
  });

  it('takes unknown and malformed values as the defaults', () => {
    expect(readListState(params('page=0&status=NOPE&priority=low&sortBy=password&sortOrder=up'), options)).toEqual({
      page: 1,
      search: '',
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    expect(readListState(params('page=-2'), options).page).toBe(1);
    expect(readListState(params('page=1.5'), options).page).toBe(1);
    expect(readListState(params('page=abc'), options).page).toBe(1);
  });
});

describe('withListParam', () => {
  it('sets a filter and goes back to page 1, keeping the rest', () => {
    expect(withListParam(params('page=4&sortBy=title&tab=x'), 'status', 'DONE').toString()).toBe('sortBy=title&tab=x&status=DONE');
  });

  it("removes a filter set to ''", () => {
    expect(withListParam(params('status=DONE&page=2'), 'status', '').toString()).toBe('');
  });

  it('keeps page 1 out of the URL', () => {
    expect(withListParam(params('search=a'), 'page', '3').toString()).toBe('search=a&page=3');
    expect(withListParam(params('search=a&page=3'), 'page', '1').toString()).toBe('search=a');
  });
});

describe('withListSort and withoutListFilters', () => {
  const defaults = { sortBy: 'createdAt' as const, sortOrder: 'desc' as const };
  it('writes a sort other than the default, back on page 1', () => {
    expect(withListSort(params('page=2&status=DONE'), { sortBy: 'title', sortOrder: 'asc' }, defaults).toString()).toBe(
      'status=DONE&sortBy=title&sortOrder=asc',
    );
  });

  it('leaves the default sort out', () => {
    expect(withListSort(params('sortBy=title&sortOrder=asc'), defaults, defaults).toString()).toBe('');
  });

  it('clears search and filters but keeps the sort', () => {
    expect(withoutListFilters(params('search=a&status=DONE&priority=LOW&page=3&sortBy=title&sortOrder=asc')).toString()).toBe(
      'sortBy=title&sortOrder=asc',
    );
  });
});

describe('toListQuery and toQueryString', () => {
  it('sends the page, size, trimmed search, filters and sort', () => {
    const state = { page: 2, search: '  pay  ', status: 'DONE' as const, priority: 'URGENT' as const, sortBy: 'title' as const, sortOrder: 'asc' as const };
    const query = toListQuery(state, 10);
    expect(query).toEqual({ page: '2', limit: '10', search: 'pay', status: 'DONE', priority: 'URGENT', sortBy: 'title', sortOrder: 'asc' });
    expect(toQueryString({ projectId: 'p1', ...query })).toBe(
      '?projectId=p1&page=2&limit=10&search=pay&status=DONE&priority=URGENT&sortBy=title&sortOrder=asc',
    );
  });

  it('leaves out a blank search and missing filters', () => {
    expect(toListQuery({ page: 1, search: '   ', sortBy: 'createdAt', sortOrder: 'desc' }, 10)).toEqual({
      page: '1',
      limit: '10',
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('encodes values and skips empty ones', () => {
    expect(toQueryString({ search: 'a&b c', status: '', priority: undefined })).toBe('?search=a%26b+c');
    expect(toQueryString({})).toBe('');
  });

  it('equal states give equal queries (one cache entry)', () => {
    const a = toListQuery(readListState(params('status=DONE&search=x'), options), 10);
    const b = toListQuery(readListState(params('search=x&status=DONE'), options), 10);
    expect(a).toEqual(b);
  });
});

describe('hasListFilters and nextSort', () => {
  it('counts a search or a filter as filtering', () => {
    expect(hasListFilters({ search: '' })).toBe(false);
    expect(hasListFilters({ search: '  ' })).toBe(false);
    expect(hasListFilters({ search: 'a' })).toBe(true);
    expect(hasListFilters({ search: '', priority: 'LOW' })).toBe(true);
  });

  it('flips the sorted column and starts another with its first order', () => {
    expect(nextSort({ sortBy: 'title', sortOrder: 'asc' }, 'title', 'asc')).toEqual({ sortBy: 'title', sortOrder: 'desc' });
    expect(nextSort({ sortBy: 'title', sortOrder: 'desc' }, 'title', 'asc')).toEqual({ sortBy: 'title', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'createdAt', sortOrder: 'desc' }, 'dueDate', 'asc')).toEqual({ sortBy: 'dueDate', sortOrder: 'asc' });
  });
});
