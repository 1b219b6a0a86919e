import { describe, expect, it } from 'vitest';
import { readAssignedTaskFilters, toAssignedTaskQuery, withAssignedTaskParam } from './assigned-tasks';

describe('toAssignedTaskQuery: what the server is asked for', () => {
  it('a page of 30, the trimmed search, the filters, and the sort the screen names', () => {
    expect(toAssignedTaskQuery({ search: '  infra ', status: 'PENDING', priority: 'HIGH', sort: 'dueDate', page: 2, showDone: false })).toEqual({
      page: '2',
      limit: '30',
      search: 'infra',
      status: 'PENDING',
      priority: 'HIGH',
      sortBy: 'dueDate',
      sortOrder: 'asc',
    });
    // Without a status, completed and cancelled tasks are left out unless shown (issue 18).
    expect(toAssignedTaskQuery({ search: ' ', sort: 'dueDate', page: 1, showDone: false })).toEqual({
      page: '1',
      limit: '30',
      hideDone: 'true',
      sortBy: 'dueDate',
      sortOrder: 'asc',
    });
    expect(toAssignedTaskQuery({ search: ' ', sort: 'dueDate', page: 1, showDone: true })).toEqual({ page: '1', limit: '30', sortBy: 'dueDate', sortOrder: 'asc' });
  });

  it('priority: URGENT first; status: TODO first; created: newest first', () => {
    const sortOf = (sort: 'priority' | 'status' | 'createdAt') => {
      const { sortBy, sortOrder } = toAssignedTaskQuery({ search: '', sort, page: 1, showDone: false });
      return [sortBy, sortOrder];
    };
    expect(sortOf('priority')).toEqual(['priority', 'desc']);
    expect(sortOf('status')).toEqual(['status', 'asc']);
    expect(sortOf('createdAt')).toEqual(['createdAt', 'desc']);
  });

  it('never sends more search than the server takes (200 characters)', () => {
    expect(toAssignedTaskQuery({ search: 'x'.repeat(250), sort: 'dueDate', page: 1, showDone: false }).search).toHaveLength(200);
  });
});

describe('the URL', () => {
  it('reads the filters, unknown values as the defaults', () => {
    expect(readAssignedTaskFilters(new URLSearchParams('search=x&status=PENDING&priority=URGENT&sort=priority&page=2'))).toEqual({
      search: 'x',
      status: 'PENDING',
      priority: 'URGENT',
      sort: 'priority',
      page: 2,
      showDone: false,
    });
    expect(readAssignedTaskFilters(new URLSearchParams('status=LATE&sort=name&page=x&done=show'))).toEqual({ search: '', sort: 'dueDate', page: 1, showDone: true });
  });

  it('keeps defaults out and goes back to page 1 on any change but the page', () => {
    expect(withAssignedTaskParam(new URLSearchParams('page=3&status=TODO'), 'sort', 'priority').toString()).toBe('status=TODO&sort=priority');
    expect(withAssignedTaskParam(new URLSearchParams('sort=priority'), 'sort', 'dueDate').toString()).toBe('');
    expect(withAssignedTaskParam(new URLSearchParams('status=TODO'), 'page', '2').toString()).toBe('status=TODO&page=2');
    expect(withAssignedTaskParam(new URLSearchParams('page=2'), 'page', '1').toString()).toBe('');
  });
});
