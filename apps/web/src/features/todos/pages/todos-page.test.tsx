import type { Category, Todo } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf, queryOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import TodosPage from './todos-page';

const HOME = '0f8fad5b-d9cb-469f-a165-70867728950e';
const WORK = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const category = (id: string, name: string): Category => ({ _id: id, name, slug: name.toLowerCase(), type: 'TODO', color: '#3B82F6', workspaceId: null, createdAt: '2026-01-05T00:00:00.000Z' });
const categories = [category(HOME, 'Home'), category(WORK, 'Work')];

const todo = (id: string, title: string, overrides: Partial<Todo> = {}): Todo => ({
  _id: id,
  title,
  description: '',
  priority: 'MEDIUM',
  status: 'PENDING',
  dueDate: null,
  category: { _id: HOME, name: 'Home', color: '#3B82F6', slug: 'home' },
  tags: [],
  completedAt: null,
  isToday: false,
  createdAt: '2026-01-05T00:00:00.000Z',
  updatedAt: '2026-01-05T00:00:00.000Z',
  ...overrides,
});

/** The server: the caller's todos (filtered by status and category as the API does), their categories, create and update. */
function server(todos: Todo[] = [todo('t1', 'Buy milk'), todo('t2', 'File taxes', { status: 'COMPLETED', category: { _id: WORK, name: 'Work', color: '#3B82F6', slug: 'work' } })]) {
  return fakeServer((call: Call): Reply => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories } };
    if (call.method === 'GET' && path === '/api/v1/todos') {
      const { status, category: categoryId } = queryOf(call);
      const found = todos.filter((item) => (!status || item.status === status) && (!categoryId || item.category?._id === categoryId));
      return { status: 200, body: { success: true, message: 'Todos fetched', todos: found, data: found } };
    }
    if (call.method === 'POST' && path === '/api/v1/todos') {
      const created = todo('t9', (call.body as { title: string }).title);
      return { status: 201, body: { success: true, message: 'Todo created successfully', todo: created, data: created } };
    }
    if (call.method === 'PUT' && path.startsWith('/api/v1/todos/')) {
      const updated = todo(path.split('/').at(-1)!, (call.body as { title: string }).title);
      return { status: 200, body: { success: true, message: 'Todo updated successfully', todo: updated, data: updated } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const todoTitles = () => within(screen.getByRole('list', { name: 'Todos' })).getAllByRole('heading').map((heading) => heading.textContent);

describe('TodosPage: the filters live in the URL', () => {
  it('reads the filters from the URL, asks the server for them, and shows them chosen', async () => {
    const { calls } = server();
    renderScreen(<TodosPage />, { url: `/dashboard/todos?status=COMPLETED&category=${WORK}` });

    expect(await screen.findByText('File taxes')).toBeTruthy();
    expect(screen.queryByText('Buy milk')).toBeNull();
    const listCall = calls.find((call) => pathnameOf(call) === '/api/v1/todos')!;
    expect(queryOf(listCall)).toEqual({ status: 'COMPLETED', category: WORK });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('COMPLETED');
    await waitFor(() => expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(WORK));
  });

  it('choosing a filter writes it to the URL and refetches; Clear filters removes them all', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    const { location } = renderScreen(<TodosPage />, { url: '/dashboard/todos?view=cards' });
    await screen.findByText('Buy milk');
    // The category select is filled once the categories arrive.
    await screen.findByRole('option', { name: 'Work' });

    await user.selectOptions(screen.getByLabelText('Status'), 'PENDING');
    await user.selectOptions(screen.getByLabelText('Category'), HOME);
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ view: 'cards', status: 'PENDING', category: HOME }));
    await waitFor(() => expect(queryOf(calls.filter((call) => pathnameOf(call) === '/api/v1/todos').at(-1)!)).toEqual({ status: 'PENDING', category: HOME }));
    expect(todoTitles()).toEqual(['Buy milk']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location().search).toBe('?view=cards'));
    await waitFor(() => expect(todoTitles()).toEqual(['Buy milk', 'File taxes']));
  });

  it('the date filter sends the local date with it, so "today" is the visitor\'s today', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderScreen(<TodosPage />, { url: '/dashboard/todos' });
    await screen.findByText('Buy milk');
    await user.selectOptions(screen.getByLabelText('Date'), 'today');
    await waitFor(() => expect(queryOf(calls.filter((call) => pathnameOf(call) === '/api/v1/todos').at(-1)!)).toMatchObject({ date: 'today', today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }));
  });

  it('a category of the URL that is not one of yours is dropped from it', async () => {
    server();
    const { location } = renderScreen(<TodosPage />, { url: '/dashboard/todos?category=11111111-1111-4111-8111-111111111111&status=PENDING' });
    await waitFor(() => expect(location().search).toBe('?status=PENDING'));
  });
});

describe('TodosPage: the todo form', () => {
  it('creates a todo: the form\'s fields become the request body (tags split, date kept, focus ticked)', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderScreen(<TodosPage />, { url: '/dashboard/todos', withToasts: true });
    await screen.findByText('Buy milk');
    await screen.findByRole('option', { name: 'Work' });

    await user.click(screen.getAllByRole('button', { name: 'Create Todo' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Todo' });
    await user.type(within(dialog).getByLabelText('Title'), '  Water the plants ');
    await user.type(within(dialog).getByLabelText('Description'), 'Both balconies');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'HIGH');
    await user.selectOptions(within(dialog).getByLabelText('Category'), WORK);
    await user.type(within(dialog).getByLabelText('Due date'), '2026-03-01');
    await user.type(within(dialog).getByLabelText('Tags'), 'garden, , weekly ');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Todo' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v1/todos',
      body: { title: 'Water the plants', description: 'Both balconies', status: 'PENDING', priority: 'HIGH', dueDate: '2026-03-01', category: WORK, tags: ['garden', 'weekly'], isToday: true },
    });
    expect(await screen.findByText('Todo created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the form\'s messages and sends nothing while the title or category is missing', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderScreen(<TodosPage />, { url: '/dashboard/todos' });
    await screen.findByText('Buy milk');
    await user.click(screen.getAllByRole('button', { name: 'Create Todo' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Todo' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Todo' }));

    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Please select a category')).toBeTruthy();
    expect(within(dialog).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('edits a todo: the form opens with its values, and PUT sends the whole todo', async () => {
    const { calls } = server([todo('t1', 'Buy milk', { priority: 'LOW', tags: ['shop', 'dairy'], dueDate: '2026-02-10T00:00:00.000Z', isToday: true })]);
    const user = userEvent.setup();
    renderScreen(<TodosPage />, { url: '/dashboard/todos', withToasts: true });
    await screen.findByRole('option', { name: 'Work' });

    await user.click(await screen.findByRole('button', { name: 'Edit todo: Buy milk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Todo' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Buy milk');
    expect((within(dialog).getByLabelText('Tags') as HTMLInputElement).value).toBe('shop, dairy');
    expect((within(dialog).getByLabelText('Due date') as HTMLInputElement).value).toBe('2026-02-10');
    expect((within(dialog).getByLabelText('Priority') as HTMLSelectElement).value).toBe('LOW');
    expect((within(dialog).getByLabelText('Category') as HTMLSelectElement).value).toBe(HOME);

    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Buy oat milk');
    await user.click(within(dialog).getByRole('button', { name: 'Update Todo' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/v1/todos/t1',
      body: { title: 'Buy oat milk', description: '', status: 'PENDING', priority: 'LOW', dueDate: '2026-02-10', category: HOME, tags: ['shop', 'dairy'], isToday: true },
    });
    expect(await screen.findByText('Todo updated successfully')).toBeTruthy();
  });

  it("a refused todo keeps the form open with the server's reason", async () => {
    fakeServer((call) => {
      if (call.method === 'GET' && pathnameOf(call) === '/api/v1/categories') return { status: 200, body: { success: true, categories } };
      if (call.method === 'GET') return { status: 200, body: { success: true, message: 'Todos fetched', todos: [], data: [] } };
      return failure(400, 'VALIDATION_ERROR', 'Category not found', [{ field: 'category', message: 'Category not found' }]);
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderScreen(<TodosPage />, { url: '/dashboard/todos', withToasts: true });
    await screen.findByRole('option', { name: 'Home' });
    await user.click(screen.getAllByRole('button', { name: 'Create Todo' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Todo' });
    await user.type(within(dialog).getByLabelText('Title'), 'Water the plants');
    await user.selectOptions(within(dialog).getByLabelText('Category'), HOME);
    await user.click(within(dialog).getByRole('button', { name: 'Create Todo' }));
    expect(await screen.findByText('Category not found')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create Todo' })).toBeTruthy();
  });
});
