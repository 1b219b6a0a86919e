import { describe, expect, it } from 'vitest';
import { categoryFilterOptions, readCategoryFilter, withCategoryFilter } from './category-filter';

describe('the categories filter', () => {
  it('offers the five choices of SPEC 2 in order', () => {
    expect(categoryFilterOptions.map((option) => option.label)).toEqual(['All Categories', 'Tasks', 'Projects', 'Blog', 'Todo']);
  });

  it('reads and writes the URL, unknown types meaning all', () => {
    expect(readCategoryFilter(new URLSearchParams('type=BLOG'))).toBe('BLOG');
    expect(readCategoryFilter(new URLSearchParams('type=blog'))).toBe('all');
    expect(readCategoryFilter(new URLSearchParams())).toBe('all');
    const params = new URLSearchParams('type=TASK&x=1');
    expect(withCategoryFilter(params, 'all').toString()).toBe('x=1');
    expect(withCategoryFilter(params, 'TODO').toString()).toBe('type=TODO&x=1');
  });
});
