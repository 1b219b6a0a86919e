import { formatTaskKey, isTaskOverdue, isTodoOverdue, type CalendarTaskItem, type CalendarTodoItem, type MemberRole } from '@tasklane/contract';
import { abilitiesFor } from '../projects/projects.policy.js';
import { presentTodo } from '../todos/todos.presenter.js';
import type { TodoRow } from '../todos/todos.repo.js';
import type { CalendarTaskRow } from './calendar.repo.js';

const atUtcMidnight = (day: string) => `${day}T00:00:00.000Z`;

export function presentCalendarTask(row: CalendarTaskRow, role: MemberRole, today: string): CalendarTaskItem {
  return {
    kind: 'task',
    _id: row.id,
    key: formatTaskKey(row.projectKey, row.number),
    title: row.title,
    status: row.status,
    priority: row.priority,
    dueDate: atUtcMidnight(row.dueDate),
    isOverdue: isTaskOverdue(row, today),
    categoryId: row.category ? { _id: row.category.id, name: row.category.name, color: row.category.color } : null,
    assigneeId: row.assignee ? { _id: row.assignee.id, fullName: row.assignee.fullName } : null,
    featureId: { _id: row.featureId, title: row.featureTitle },
    projectId: { _id: row.projectId, name: row.projectName },
    version: row.version,
    // What PUT /tasks/{id} asks for: a VIEWER sees the task but cannot move it.
    canEdit: abilitiesFor(role).canEditTasks,
  };
}

export function presentCalendarTodo(row: TodoRow, today: string): CalendarTodoItem {
  const todo = presentTodo(row);
  return { kind: 'todo', ...todo, dueDate: todo.dueDate!, isOverdue: isTodoOverdue(todo, today) };
}
