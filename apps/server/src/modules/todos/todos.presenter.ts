import type { Todo } from '@tasklane/contract';
import type { TodoRow } from './todos.repo.js';

export function presentTodo(row: TodoRow): Todo {
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
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    isToday: row.isToday,
    recurrence: row.recurrence,
    recurrenceTimeZone: row.recurrence ? row.recurrenceTimeZone : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
