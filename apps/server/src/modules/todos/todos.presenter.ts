import type { Todo } from '@tasklane/contract';
import type { ListedTodoRow, TodoRow } from './todos.repo.js';

/** A `Date` from one todo's queries, or the unpaged list's text, already as the API writes it. */
const isoOf = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

export function presentTodo(row: TodoRow | ListedTodoRow): Todo {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    dueDate: row.dueDate ? `${row.dueDate}T00:00:00.000Z` : null,
    category: row.category
      ? { _id: row.category.id, name: row.category.name, color: row.category.color, slug: row.category.slug }
      : null,
    tags: row.tags,
    completedAt: row.completedAt ? isoOf(row.completedAt) : null,
    isToday: row.isToday,
    recurrence: row.recurrence,
    recurrenceTimeZone: row.recurrence ? row.recurrenceTimeZone : null,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  };
}
