import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryFilterOptions } from '../lib/category-filter';
import { getCategories } from './get-categories';

afterEach(() => vi.unstubAllGlobals());

describe('getCategories', () => {
  it('calls GET /categories/all for all of them and GET /categories?type= for one type (SPEC 7)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, categories: [] }), { status: 200 })));
    for (const option of categoryFilterOptions) await getCategories(option.value);
    expect(vi.mocked(fetch).mock.calls.map(([path]) => path)).toEqual([
      '/api/v1/categories/all',
      '/api/v1/categories?type=TASK',
      '/api/v1/categories?type=PROJECT',
      '/api/v1/categories?type=BLOG',
      '/api/v1/categories?type=TODO',
    ]);
  });
});
