import type { Task } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { filterAndSortAssignedTasks, matchesSearch, pageOf, readAssignedTaskFilters, withAssignedTaskParam } from './assigned-tasks';

let sequence = 0;
function task(overrides: Partial<Task>): Task {
  sequence += 1;
  return {
    _id: `t${sequence}`,
    title: `Task ${sequence}`,
    description: '',
    status: 'TODO',
    priority: 'MEDIUM',
    assigneeId: null,
    dueDate: null,
    estimatedHours: null,
    actualHours: null,
    categoryId: null,
    tags: [],
    attachments: [],
    featureId: { _id: 'f1', title: 'Feature' },
    projectId: { _id: 'p1', name: 'Project' },
    createdBy: null,
    createdAt: `2025-01-${String(sequence).padStart(2, '0')}T10:00:00.000Z`,
    updatedAt: '2025-01-01T10:00:00.000Z',
    isOverdue: false,
    blockedReason: null,
    version: 1,
    abilities: { canEdit: true, canDelete: true, canComment: true },
    ...overrides,
  };
}

const titles = (tasks: Task[]) => tasks.map((item) => item.title);
const base = { search: '', sort: 'dueDate' as const };

describe('matchesSearch', () => {
  const item = task({ title: 'Fix login', description: 'The Safari session cookie', tags: ['auth', 'urgent-fix'] });
  it('looks in the title, the description and the tags, ignoring case', () => {
    expect(matchesSearch(item, 'LOGIN')).toBe(true);
    expect(matchesSearch(item, 'safari')).toBe(true);
    expect(matchesSearch(item, 'auth')).toBe(true);
    expect(matchesSearch(item, '  ')).toBe(true);
    expect(matchesSearch(item, 'logout')).toBe(false);
  });

  it('wants every word, wherever each is', () => {
    expect(matchesSearch(item, 'login auth')).toBe(true);
    expect(matchesSearch(item, 'login billing')).toBe(false);
  });
});

describe('filterAndSortAssignedTasks', () => {
  const late = task({ title: 'late', dueDate: '2025-01-02T00:00:00.000Z', priority: 'LOW', status: 'IN_REVIEW' });
  const soon = task({ title: 'soon', dueDate: '2025-03-01T00:00:00.000Z', priority: 'URGENT', status: 'TODO' });
  const never = task({ title: 'never', dueDate: null, priority: 'HIGH', status: 'REOPEN' });
  const neverNewer = task({ title: 'never newer', dueDate: null, priority: 'MEDIUM', status: 'BLOCKED', tags: ['infra'] });
  const all = [never, soon, neverNewer, late];

  it('sorts by due date ascending by default, tasks without one last (newest first among them)', () => {
    expect(titles(filterAndSortAssignedTasks(all, base))).toEqual(['late', 'soon', 'never newer', 'never']);
  });

  it('sorts by priority: URGENT > HIGH > MEDIUM > LOW', () => {
    expect(titles(filterAndSortAssignedTasks(all, { ...base, sort: 'priority' }))).toEqual(['soon', 'never', 'never newer', 'late']);
  });

  it('sorts by status in the listed order, and by creation newest first', () => {
    expect(titles(filterAndSortAssignedTasks(all, { ...base, sort: 'status' }))).toEqual(['soon', 'never', 'never newer', 'late']);
    expect(titles(filterAndSortAssignedTasks(all, { ...base, sort: 'createdAt' }))).toEqual(['never newer', 'never', 'soon', 'late']);
  });

  it('filters by status (PENDING is TODO and REOPEN; BLOCK is BLOCKED) and by priority', () => {
    expect(titles(filterAndSortAssignedTasks(all, { ...base, status: 'PENDING' }))).toEqual(['soon', 'never']);
    expect(titles(filterAndSortAssignedTasks(all, { ...base, status: 'BLOCK' }))).toEqual(['never newer']);
    expect(titles(filterAndSortAssignedTasks(all, { ...base, status: 'IN_REVIEW' }))).toEqual(['late']);
    expect(titles(filterAndSortAssignedTasks(all, { ...base, priority: 'HIGH' }))).toEqual(['never']);
    expect(titles(filterAndSortAssignedTasks(all, { ...base, priority: 'HIGH', status: 'TODO' }))).toEqual([]);
  });

  it('searches, and leaves the input as it was', () => {
    expect(titles(filterAndSortAssignedTasks(all, { ...base, search: 'INFRA' }))).toEqual(['never newer']);
    expect(titles(all)).toEqual(['never', 'soon', 'never newer', 'late']);
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 65 }, (_, index) => index);
  it('cuts pages of 30 and counts them', () => {
    expect(pageOf(items, 1)).toMatchObject({ page: 1, pages: 3 });
    expect(pageOf(items, 3).items).toEqual([60, 61, 62, 63, 64]);
  });

  it('gives the last page for a page past the end, and one empty page for nothing', () => {
    expect(pageOf(items, 9)).toMatchObject({ page: 3, pages: 3 });
    expect(pageOf([], 2)).toEqual({ items: [], page: 1, pages: 1 });
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
    });
    expect(readAssignedTaskFilters(new URLSearchParams('status=LATE&sort=name&page=x'))).toEqual({ search: '', sort: 'dueDate', page: 1 });
  });

  it('keeps defaults out and goes back to page 1 on any change but the page', () => {
    expect(withAssignedTaskParam(new URLSearchParams('page=3&status=TODO'), 'sort', 'priority').toString()).toBe('status=TODO&sort=priority');
    expect(withAssignedTaskParam(new URLSearchParams('sort=priority'), 'sort', 'dueDate').toString()).toBe('');
    expect(withAssignedTaskParam(new URLSearchParams('status=TODO'), 'page', '2').toString()).toBe('status=TODO&page=2');
    expect(withAssignedTaskParam(new URLSearchParams('page=2'), 'page', '1').toString()).toBe('');
  });
});
