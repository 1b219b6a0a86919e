import { categoryTypes, type CategoryType } from '@tasklane/contract';

/** The categories screen's filter bar: all of them, or one type. */
export type CategoryFilter = 'all' | CategoryType;

export const categoryFilterOptions: ReadonlyArray<{ value: CategoryFilter; label: string }> = [
  { value: 'all', label: 'All Categories' },
  { value: 'TASK', label: 'Tasks' },
  { value: 'PROJECT', label: 'Projects' },
  { value: 'BLOG', label: 'Blog' },
  { value: 'TODO', label: 'Todo' },
];

/** The filter kept in the URL (`?type=TASK`); anything else means all. */
export function readCategoryFilter(params: URLSearchParams): CategoryFilter {
  const type = params.get('type');
  return (categoryTypes as readonly string[]).includes(type ?? '') ? (type as CategoryType) : 'all';
}

/** The URL's parameters for a filter; 'all' is the bare URL. Other parameters stay. */
export function withCategoryFilter(params: URLSearchParams, filter: CategoryFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filter === 'all') next.delete('type');
  else next.set('type', filter);
  return next;
}
