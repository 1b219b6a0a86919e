import type { CategoryFilter } from '../lib/category-filter';

/**
 * Query keys of the categories feature: ['categories', 'list', filter]. The todos feature
 * reads ['categories', 'list', 'TODO'] for its form (the same call and answer), so whatever
 * invalidates ['categories'] here refreshes it too.
 */
export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => ['categories', 'list'] as const,
  list: (filter: CategoryFilter) => ['categories', 'list', filter] as const,
};

/** Todos carry their category's name and colour: they change when a category goes. */
export const todosKey = ['todos'] as const;
