import type { Category, Todo } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferredReply, failure, fakeServer, pathnameOf, queryOf, type Call, type Reply } from '@/lib/testing/fake-server';
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
  recurrence: null,
  recurrenceTimeZone: null,
  createdAt: '2026-01-05T00:00:00.000Z',
  updatedAt: '2026-01-05T00:00:00.000Z',
  ...overrides,
});

/** GET /todos as the API answers it: the todos matching status and category, one page of them when page or limit is sent. */
function listAnswer(call: Call, todos: Todo[]): Reply {
  const { status, category: categoryId, page, limit, hideDone } = queryOf(call);
  const matching = todos.filter((item) => (!status || item.status === status) && (!categoryId || item.category?._id === categoryId));
  // hideDone (issue 18): completed and cancelled todos left out, and counted.
  const isDone = (item: Todo) => item.status === 'COMPLETED' || item.status === 'CANCELLED';
  const found = hideDone === 'true' && !status ? matching.filter((item) => !isDone(item)) : matching;
  const hidden = hideDone === 'true' ? { hiddenDone: matching.length - found.length } : {};
  if (page === undefined && limit === undefined) return { status: 200, body: { success: true, message: 'Todos fetched', todos: found, data: found, ...hidden } };
  const [number, size] = [Number(page ?? 1), Number(limit ?? 10)];
  const slice = found.slice((number - 1) * size, number * size);
  const pagination = { total: Math.ceil(found.length / size), page: number, limit: size };
  return { status: 200, body: { success: true, message: 'Todos fetched', todos: slice, data: slice, total: found.length, pagination, ...hidden } };
}

/** GET /users/me/today with nothing on it (the Today view at the top of the page, decision 037). */
const emptyToday: Reply = { status: 200, body: { success: true, message: 'Nothing due today', data: { date: '2026-01-05', timeZone: 'UTC', total: 0, items: [] } } };
const isTodayCall = (call: Call) => pathnameOf(call) === '/api/v1/users/me/today';

/** The server: the caller's todos (filtered by status and category, and paged, as the API does), their categories, create and update. */
function server(todos: Todo[] = [todo('t1', 'Buy milk'), todo('t2', 'File taxes', { status: 'COMPLETED', category: { _id: WORK, name: 'Work', color: '#3B82F6', slug: 'work' } })]) {
  return fakeServer((call: Call): Reply => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories } };
    if (call.method === 'GET' && path === '/api/v1/todos') return listAnswer(call, todos);
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
    expect(queryOf(listCall)).toEqual({ status: 'COMPLETED', category: WORK, page: '1', limit: '24' });
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
    await waitFor(() => expect(queryOf(calls.filter((call) => pathnameOf(call) === '/api/v1/todos').at(-1)!)).toEqual({ status: 'PENDING', category: HOME, page: '1', limit: '24' }));
    expect(todoTitles()).toEqual(['Buy milk']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location().search).toBe('?view=cards'));
    // Without a status, the completed todo is hidden by default (issue 18), and counted.
    await waitFor(() => expect(todoTitles()).toEqual(['Buy milk']));
    expect(await screen.findByRole('button', { name: 'Show completed (1)' })).toBeTruthy();
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

describe('TodosPage: pages of 24 from the server', () => {
  // The first page renders 24 cards: on two busy cores, with the suite's other workers, that has
  // taken just over the usual 5 s (a fresh clone, 2026-11-30). The waits for it get more room;
  // what they wait for is unchanged.
  const firstPage = { timeout: 15_000 };
  const many = Array.from({ length: 30 }, (_, index) =>
    todo(`m${index + 1}`, `Todo ${String(index + 1).padStart(2, '0')}`, { status: index < 26 ? 'PENDING' : 'COMPLETED' }),
  );
  const listCalls = (calls: Call[]) => calls.filter((call) => pathnameOf(call) === '/api/v1/todos').map(queryOf);

  it('asks for the first page, says how many there are, and asks for the next on Show more (the first stays while it loads)', async () => {
    const later = deferredReply();
    const { calls } = fakeServer((call) => {
      if (pathnameOf(call) === '/api/v1/categories') return { status: 200, body: { success: true, categories } };
      if (isTodayCall(call)) return emptyToday;
      if (queryOf(call).page === '2') return later.reply;
      return listAnswer(call, many);
    });
    const user = userEvent.setup();
    // Completed todos shown (issue 18 hides them by default).
    renderScreen(<TodosPage />, { url: '/dashboard/todos?done=show' });

    expect(await screen.findByText('Showing 24 of 30 todos', {}, firstPage)).toBeTruthy();
    expect(todoTitles()).toHaveLength(24);
    expect(listCalls(calls)).toEqual([{ page: '1', limit: '24' }]);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ page: '2', limit: '24' }));
    expect(todoTitles()).toHaveLength(24);
    later.answer(listAnswer({ method: 'GET', path: '/api/v1/todos?page=2&limit=24' }, many));

    expect(await screen.findByText('Showing 30 of 30 todos')).toBeTruthy();
    expect(todoTitles().at(-1)).toBe('Todo 30');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('a filter asks the server for its first page; few enough todos need no count', async () => {
    const { calls } = server(many);
    const user = userEvent.setup();
    renderScreen(<TodosPage />, { url: '/dashboard/todos?done=show' });
    await screen.findByText('Showing 24 of 30 todos', {}, firstPage);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Showing 30 of 30 todos');

    await user.selectOptions(screen.getByLabelText('Status'), 'PENDING');
    expect(await screen.findByText('Showing 24 of 26 todos')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toEqual({ status: 'PENDING', page: '1', limit: '24' });
    expect(todoTitles()).toHaveLength(24);

    await user.selectOptions(screen.getByLabelText('Status'), 'COMPLETED');
    await waitFor(() => expect(todoTitles()).toEqual(['Todo 27', 'Todo 28', 'Todo 29', 'Todo 30']));
    expect(screen.queryByText(/Showing \d+ of \d+ todos/)).toBeNull();

    // Back to all: one page again, as when the list first opened.
    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(await screen.findByText('Showing 24 of 30 todos')).toBeTruthy();
    await waitFor(() => expect(todoTitles()).toHaveLength(24));
  });

  it('deleting a todo takes it off the page at once and counts one fewer; the refetch fills the page again', async () => {
    const remaining = [...many];
    const deleted = deferredReply();
    fakeServer((call) => {
      if (pathnameOf(call) === '/api/v1/categories') return { status: 200, body: { success: true, categories } };
      if (isTodayCall(call)) return emptyToday;
      if (call.method === 'DELETE') {
        remaining.splice(remaining.findIndex((item) => call.path.endsWith(item._id)), 1);
        return deleted.reply;
      }
      return listAnswer(call, remaining);
    });
    const user = userEvent.setup();
    renderScreen(<TodosPage />, { url: '/dashboard/todos?done=show' });
    await screen.findByText('Showing 24 of 30 todos', {}, firstPage);
    await user.click(screen.getByRole('button', { name: 'Delete todo: Todo 01' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Showing 23 of 29 todos')).toBeTruthy();
    expect(screen.queryByText('Todo 01')).toBeNull();

    deleted.answer({ status: 200, body: { success: true, message: 'Todo deleted successfully' } });
    expect(await screen.findByText('Showing 24 of 29 todos')).toBeTruthy();
    expect(todoTitles().at(-1)).toBe('Todo 25');
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
      body: { title: 'Water the plants', description: 'Both balconies', status: 'PENDING', priority: 'HIGH', dueDate: '2026-03-01', category: WORK, tags: ['garden', 'weekly'], isToday: true, recurrence: null },
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
      body: { title: 'Buy oat milk', description: '', status: 'PENDING', priority: 'LOW', dueDate: '2026-02-10', category: HOME, tags: ['shop', 'dairy'], isToday: true, recurrence: null },
    });
    expect(await screen.findByText('Todo updated successfully')).toBeTruthy();
  });

  it("a refused todo keeps the form open with the server's reason", async () => {
    fakeServer((call) => {
      if (call.method === 'GET' && pathnameOf(call) === '/api/v1/categories') return { status: 200, body: { success: true, categories } };
      if (isTodayCall(call)) return emptyToday;
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

describe('TodosPage: density and defaults (issue 18)', () => {
  const me = (todosLayout: 'cards' | 'list') => ({
    _id: 'me',
    username: 'me',
    fullName: 'Me Myself',
    email: 'me@example.com',
    avatar: null,
    createdAt: '2026-01-05T00:00:00.000Z',
    isAdmin: false,
    twoFactorEnabled: false,
    timeZone: null,
    preferences: { todosLayout, tasksLayout: 'cards' as const },
  });

  it('hides completed and cancelled todos until "Show completed (N)", which the URL keeps; "Hide completed" goes back', async () => {
    const { calls } = server([todo('t1', 'Buy milk'), todo('t2', 'File taxes', { status: 'COMPLETED' }), todo('t3', 'Old idea', { status: 'CANCELLED' })]);
    const user = userEvent.setup();
    const { location } = renderScreen(<TodosPage />, { url: '/dashboard/todos' });
    expect(await screen.findByText('Buy milk')).toBeTruthy();
    expect(todoTitles()).toEqual(['Buy milk']);
    expect(queryOf(calls.find((call) => pathnameOf(call) === '/api/v1/todos')!)).toEqual({ hideDone: 'true', page: '1', limit: '24' });

    await user.click(screen.getByRole('button', { name: 'Show completed (2)' }));
    await waitFor(() => expect(todoTitles()).toEqual(['Buy milk', 'File taxes', 'Old idea']));
    expect(location().search).toBe('?done=show');
    await user.click(screen.getByRole('button', { name: 'Hide completed' }));
    await waitFor(() => expect(todoTitles()).toEqual(['Buy milk']));
    expect(location().search).toBe('');
  });

  it("only done todos: says so, rather than inviting a first todo", async () => {
    server([todo('t2', 'File taxes', { status: 'COMPLETED' })]);
    renderScreen(<TodosPage />, { url: '/dashboard/todos' });
    expect(await screen.findByText('Nothing left to do.')).toBeTruthy();
    expect(screen.getByText('1 completed or cancelled todo hidden.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show completed (1)' })).toBeTruthy();
  });

  it("shows the person's layout from GET /users/me; List saves it with PUT /users/me and shows the compact list at once", async () => {
    const { calls } = fakeServer((call: Call): Reply => {
      const path = pathnameOf(call);
      if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories } };
      if (call.method === 'GET' && path === '/api/v1/todos') return listAnswer(call, [todo('t1', 'Buy milk')]);
      if (call.method === 'PUT' && path === '/api/v1/users/me') return { status: 200, body: { success: true, message: 'Profile updated', data: me('list') } };
      return failure(404, 'NOT_FOUND', 'Not found');
    });
    const user = userEvent.setup();
    const { queryClient } = renderScreen(<TodosPage />, { url: '/dashboard/todos' });
    queryClient.setQueryData(['session', 'me'], me('cards'));
    expect(await screen.findByText('Buy milk')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('category-bar')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    // The compact row, not the card.
    expect(screen.queryByTestId('category-bar')).toBeNull();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toEqual([{ method: 'PUT', path: '/api/v1/users/me', body: { preferences: { todosLayout: 'list' } } }]));
    // The same controls, in a row: the tick and the edit and delete buttons keep their names.
    expect(screen.getByRole('checkbox', { name: 'Mark as complete: Buy milk' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit todo: Buy milk' })).toBeTruthy();
  });
});

describe('TodosPage: a link to one todo (/?todo=<id>, what a search result or a reminder opens)', () => {
  const LINKED = '3f2b8c1e-5d4a-4b6c-9e7f-0a1b2c3d4e5f';

  it('opens that todo in its edit dialog, even when the list does not show it, and leaves the address', async () => {
    const linked = todo(LINKED, 'Renew passport', { status: 'COMPLETED', tags: ['papers'] });
    const { calls } = fakeServer((call: Call): Reply => {
      const path = pathnameOf(call);
      if (path === '/api/v1/categories') return { status: 200, body: { success: true, categories } };
      if (path === '/api/v1/todos') return listAnswer(call, [todo('t1', 'Buy milk'), linked]);
      if (path === `/api/v1/todos/${LINKED}`) return { status: 200, body: { success: true, message: 'Todo fetched successfully', todo: linked, data: linked } };
      return failure(404, 'NOT_FOUND', 'Not found');
    });
    const { location } = renderScreen(<TodosPage />, { url: `/dashboard/todos?todo=${LINKED}&view=cards` });

    const dialog = await screen.findByRole('dialog', { name: 'Edit Todo' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Renew passport');
    expect((within(dialog).getByLabelText('Tags') as HTMLInputElement).value).toBe('papers');
    await waitFor(() => expect(location().search).toBe('?view=cards'));
    // Completed, so hidden from the default list: the dialog is the only place it shows.
    expect(calls.filter((call) => pathnameOf(call) === `/api/v1/todos/${LINKED}`)).toHaveLength(1);
  });

  it('says so when the todo is not found, and leaves the address', async () => {
    fakeServer((call: Call): Reply => {
      const path = pathnameOf(call);
      if (path === '/api/v1/categories') return { status: 200, body: { success: true, categories } };
      if (path === '/api/v1/todos') return listAnswer(call, [todo('t1', 'Buy milk')]);
      return failure(404, 'NOT_FOUND', 'Todo not found');
    });
    const { location } = renderScreen(<TodosPage />, { url: `/dashboard/todos?todo=${LINKED}`, withToasts: true });

    expect(await screen.findByText('Todo not found')).toBeTruthy();
    await waitFor(() => expect(location().search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Buy milk')).toBeTruthy();
  });
});
