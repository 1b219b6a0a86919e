import { expect, type APIRequestContext } from '@playwright/test';

/** Seeding through the API, for tests whose subject is not the form that would create the data. */

export interface SeededCategory {
  _id: string;
  name: string;
  slug: string;
  color: string;
  type: string;
}

export interface SeededTodo {
  _id: string;
  title: string;
  status: string;
  priority: string;
  dueDate: string | null;
  completedAt: string | null;
  category: { _id: string; name: string; color: string } | null;
  tags: string[];
  isToday: boolean;
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function seedCategory(
  request: APIRequestContext,
  category: { name: string; slug?: string; type?: 'TASK' | 'PROJECT' | 'BLOG' | 'TODO'; color?: string },
): Promise<SeededCategory> {
  const response = await request.post('/api/v1/categories', {
    data: { type: 'TODO', color: '#3B82F6', workspaceId: null, slug: slugOf(category.name), ...category },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: SeededCategory }).data;
}

export interface TodoSeed {
  title: string;
  category: string;
  description?: string;
  status?: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED';
  priority?: 'LOW' | 'MEDIUM' | 'HIGH' | 'URGENT';
  dueDate?: string | null;
  tags?: string[];
  isToday?: boolean;
}

export async function seedTodo(request: APIRequestContext, todo: TodoSeed): Promise<SeededTodo> {
  const response = await request.post('/api/v1/todos', { data: todo });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { todo: SeededTodo }).todo;
}

export async function listTodos(request: APIRequestContext): Promise<SeededTodo[]> {
  const response = await request.get('/api/v1/todos');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { todos: SeededTodo[] }).todos;
}

/** A local calendar date (YYYY-MM-DD) `days` from today, as the browser on this machine sees it. */
export function localDate(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
