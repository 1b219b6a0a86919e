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

export interface SeededFeature {
  _id: string;
  title: string;
  status: string;
  priority: string;
  version: number;
  projectId: { _id: string; name: string };
}

export async function seedFeature(
  request: APIRequestContext,
  feature: { projectId: string; title: string } & Record<string, unknown>,
): Promise<SeededFeature> {
  const response = await request.post('/api/v1/features', { data: feature });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: SeededFeature }).data;
}

export interface SeededTask {
  _id: string;
  /** Its project's key and its number (WEB-42). */
  key: string;
  title: string;
  status: string;
  version: number;
  featureId: { _id: string; title: string };
  projectId: { _id: string; name: string };
}

export async function seedTask(
  request: APIRequestContext,
  task: { featureId: string; categoryId: string; title: string } & Record<string, unknown>,
): Promise<SeededTask> {
  const response = await request.post('/api/v1/tasks', { data: task });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: SeededTask }).data;
}

export async function updateTaskThroughApi(request: APIRequestContext, taskId: string, body: Record<string, unknown>): Promise<SeededTask> {
  const response = await request.put(`/api/v1/tasks/${taskId}`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: SeededTask }).data;
}

export async function seedComment(request: APIRequestContext, taskId: string, comment: string) {
  const response = await request.post(`/api/v1/tasks/${taskId}/comments`, { data: { comment } });
  expect(response.status(), await response.text()).toBe(201);
}

/** A workspace, a project in it and a TASK category of the signed-in user: the ground most task tests stand on. */
export async function seedProjectGround(request: APIRequestContext, names: { project: string; category?: string }) {
  const workspaceResponse = await request.post('/api/v1/workspaces', { data: { name: `${names.project} workspace` } });
  expect(workspaceResponse.status()).toBe(201);
  const workspace = ((await workspaceResponse.json()) as { data: { _id: string; name: string } }).data;
  const projectResponse = await request.post('/api/v1/projects', { data: { workspaceId: workspace._id, name: names.project } });
  expect(projectResponse.status()).toBe(201);
  const project = ((await projectResponse.json()) as { data: { _id: string; name: string } }).data;
  const category = await seedCategory(request, { name: names.category ?? 'Engineering', type: 'TASK' });
  return { workspace, project, category };
}

export interface SeededAttachment {
  _id: string;
  name: string;
  size: number;
  contentType: string;
}

/** Uploads files to a task through the API (multipart, in `files`); answers the task's attachments. */
export async function seedAttachments(
  request: APIRequestContext,
  taskId: string,
  files: Array<{ name: string; mimeType: string; buffer: Buffer }>,
  description?: string,
): Promise<SeededAttachment[]> {
  // Playwright's multipart takes one value per field: build the body by hand for several files.
  const form = new FormData();
  if (description) form.append('description', description);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await request.post(`/api/v1/tasks/${taskId}/attachments`, { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: SeededAttachment[] }).data;
}
