import type { TodoListQuery } from '../lib/todo-filters';

/**
 * Query keys of the todos feature. Every list of todos sits under ['todos', 'list', query]:
 * the dashboard without filters and the simple list share one entry.
 */
export const todoKeys = {
  all: ['todos'] as const,
  lists: () => ['todos', 'list'] as const,
  list: (query: TodoListQuery) => ['todos', 'list', query] as const,
  /**
   * The caller's TODO categories. The same key (and answer) as the categories feature's 'Todo'
   * filter, so creating or deleting a category there refreshes the todo form's list too.
   */
  todoCategories: () => ['categories', 'list', 'TODO'] as const,
};
