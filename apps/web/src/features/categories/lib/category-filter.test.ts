import { describe, expect, it } from 'vitest';
import { categoriesPath, categoryFilterOptions, readCategoryFilter, withCategoryFilter } from './category-filter';

describe('the categories filter', () => {
  it('offers the five choices of SPEC 2 in order', () => {
    expect(categoryFilterOptions.map((option) => option.label)).toEqual(['All Categories', 'Tasks', 'Projects', 'Blog', 'Todo']);
  });

  it('maps each choice to its API path', () => {
    expect(categoryFilterOptions.map((option) => categoriesPath(option.value))).toEqual([
      '/api/v1/categories/all',
      '/api/v1/categories?type=TASK',
      '/api/v1/categories?type=PROJECT',
      '/api/v1/categories?type=BLOG',
      '/api/v1/categories?type=TODO',
    ]);
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
