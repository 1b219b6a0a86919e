import { formatTags, toCalendarDate, type Todo, type TodoForm, type TodoStatus, type UpdateTodoBody } from '@tasklane/contract';

/**
 * The full todo that PUT takes, from a todo as listed, with a new status. A todo whose
 * category was deleted keeps `category: null`, which the server accepts until one is chosen.
 */
export function toUpdateBody(todo: Todo, status: TodoStatus = todo.status): UpdateTodoBody {
  return {
    title: todo.title,
    description: todo.description,
    priority: todo.priority,
    status,
    dueDate: todo.dueDate ? toCalendarDate(todo.dueDate) : null,
    category: todo.category?._id ?? null,
    tags: todo.tags,
    isToday: todo.isToday,
    recurrence: todo.recurrence,
  };
}

/** The form's values: a todo being edited, or an empty todo. */
export function toFormValues(todo: Todo | null): TodoForm {
  if (!todo) {
    return { title: '', description: '', status: 'PENDING', priority: 'MEDIUM', dueDate: '', category: '', tags: '', isToday: false, recurrence: null };
  }
  return {
    title: todo.title,
    description: todo.description,
    status: todo.status,
    priority: todo.priority,
    dueDate: todo.dueDate ? toCalendarDate(todo.dueDate) : '',
    category: todo.category?._id ?? '',
    tags: formatTags(todo.tags),
    isToday: todo.isToday,
    recurrence: todo.recurrence ?? null,
  };
}

/** What a todo looks like the moment its status changes, before the server answers. */
export function withStatus(todo: Todo, status: TodoStatus, now: Date = new Date()): Todo {
  if (status === todo.status) return todo;
  return { ...todo, status, completedAt: status === 'COMPLETED' ? now.toISOString() : null };
}
