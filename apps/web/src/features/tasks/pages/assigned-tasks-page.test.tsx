import type { Task } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferredReply, fakeServer, failure, pathnameOf, queryOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { taskDetail } from '../testing/fixtures';
import AssignedTasksPage from './assigned-tasks-page';

const task = (index: number, overrides: Partial<Task> = {}): Task => {
  const { history: _history, role: _role, ...listed } = taskDetail({ _id: `task-${index}`, title: `Job ${String(index).padStart(2, '0')}`, ...overrides });
  return listed;
};

/** GET /users/tasks as the API answers it: status, priority and a title search filter, then one page (the order is the server's). */
function listAnswer(call: Call, tasks: Task[]): Reply {
  const { status, priority, search, page = '1', limit = '1000', hideDone } = queryOf(call);
  const matching = tasks.filter(
    (item) => (!status || item.status === status) && (!priority || item.priority === priority) && (!search || item.title.toLowerCase().includes(search.toLowerCase())),
  );
  // hideDone (issue 18): completed and cancelled tasks left out, and counted.
  const isDone = (item: Task) => item.status === 'COMPLETED' || item.status === 'CANCELLED';
  const found = hideDone === 'true' && !status ? matching.filter((item) => !isDone(item)) : matching;
  const hidden = hideDone === 'true' ? { hiddenDone: matching.length - found.length } : {};
  const [number, size] = [Number(page), Number(limit)];
  const data = found.slice((number - 1) * size, number * size);
  return {
    status: 200,
    body: { success: true, data, total: found.length, pagination: { total: Math.ceil(found.length / size), page: number, limit: size }, ...hidden, message: 'Tasks fetched successfully' },
  };
}

const taskCalls = (calls: Call[]) => calls.filter((call) => pathnameOf(call) === '/api/v1/users/tasks').map(queryOf);
/** The page requests alone (not the count's). */
const pageCalls = (calls: Call[]) => taskCalls(calls).filter((query) => query.limit === '30');
const cardTitles = () => within(screen.getByRole('list', { name: 'Assigned tasks' })).getAllByRole('heading').map((heading) => heading.textContent);

describe('AssignedTasksPage: the server pages, searches and filters', () => {
  const many = Array.from({ length: 33 }, (_, index) => task(index + 1, { status: index % 3 === 0 ? 'COMPLETED' : 'TODO', priority: index % 2 ? 'HIGH' : 'LOW' }));

  it('asks for a page of 30 by due date, says how many there are, and keeps the page on screen while the next loads', async () => {
    const second = deferredReply();
    const { calls } = fakeServer((call) => (queryOf(call).page === '2' ? second.reply : listAnswer(call, many)));
    const user = userEvent.setup();
    // Completed tasks shown (issue 18 hides them by default).
    renderScreen(<AssignedTasksPage />, { url: '/tasks?done=show' });

    expect(await screen.findByText('Showing 33 of 33 tasks')).toBeTruthy();
    expect(cardTitles()).toHaveLength(30);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(taskCalls(calls)).toEqual([{ page: '1', limit: '30', sortBy: 'dueDate', sortOrder: 'asc' }]);

    const pager = screen.getByRole('navigation', { name: 'Assigned tasks pages' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(taskCalls(calls).at(-1)).toEqual({ page: '2', limit: '30', sortBy: 'dueDate', sortOrder: 'asc' }));
    // The first page stays, marked busy, until the second arrives.
    expect(cardTitles()).toHaveLength(30);
    expect(screen.getByRole('list', { name: 'Assigned tasks' }).getAttribute('aria-busy')).toBe('true');
    second.answer(listAnswer({ method: 'GET', path: '/api/v1/users/tasks?page=2&limit=30' }, many));
    await waitFor(() => expect(cardTitles()).toEqual(['Job 31', 'Job 32', 'Job 33']));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Assigned tasks' }).getAttribute('aria-busy')).toBeNull();
  });

  it('sends the filters and sort of the URL; "of Y" is every assigned task, asked on its own', async () => {
    const { calls } = fakeServer((call) => listAnswer(call, many));
    renderScreen(<AssignedTasksPage />, { url: '/tasks?status=COMPLETED&priority=HIGH&sort=priority' });

    expect(await screen.findByText('Showing 5 of 33 tasks')).toBeTruthy();
    expect(taskCalls(calls)).toEqual(
      expect.arrayContaining([
        { page: '1', limit: '30', status: 'COMPLETED', priority: 'HIGH', sortBy: 'priority', sortOrder: 'desc' },
        { page: '1', limit: '1' },
      ]),
    );
    expect(cardTitles()).toHaveLength(5);
    expect((screen.getByLabelText('Filter by status') as HTMLSelectElement).value).toBe('COMPLETED');
  });

  it('typing a search asks the server once typing pauses, from page 1; a filter and Clear filters too', async () => {
    const { calls } = fakeServer((call) => listAnswer(call, many));
    const user = userEvent.setup();
    const { location } = renderScreen(<AssignedTasksPage />, { url: '/tasks?done=show&page=2' });
    await screen.findByText('Page 2 of 2');

    await user.type(screen.getByLabelText('Search tasks'), 'job 1');
    await waitFor(() => expect(pageCalls(calls).at(-1)).toEqual({ page: '1', limit: '30', search: 'job 1', sortBy: 'dueDate', sortOrder: 'asc' }));
    expect(await screen.findByText('Showing 10 of 33 tasks')).toBeTruthy();
    expect(location().search).toBe('?done=show&search=job+1');

    await user.selectOptions(screen.getByLabelText('Filter by priority'), 'HIGH');
    await waitFor(() => expect(pageCalls(calls).at(-1)).toMatchObject({ page: '1', search: 'job 1', priority: 'HIGH' }));
    expect(await screen.findByText('Showing 5 of 33 tasks')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('Showing 33 of 33 tasks')).toBeTruthy();
    expect(location().search).toBe('?done=show');
  });

  it('nothing matching says so, with a way back', async () => {
    fakeServer((call) => listAnswer(call, many));
    renderScreen(<AssignedTasksPage />, { url: '/tasks?search=nothing' });
    expect(await screen.findByText('No tasks found')).toBeTruthy();
    expect(await screen.findByText('Showing 0 of 33 tasks')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters')).toBeTruthy();
  });

  it('a page past the end (an old link) shows the last page', async () => {
    const { calls } = fakeServer((call) => listAnswer(call, many));
    const { location } = renderScreen(<AssignedTasksPage />, { url: '/tasks?done=show&page=7' });
    await waitFor(() => expect(location().search).toBe('?done=show&page=2'));
    await waitFor(() => expect(cardTitles()).toEqual(['Job 31', 'Job 32', 'Job 33']));
    expect(pageCalls(calls).map((query) => query.page)).toEqual(['7', '2']);
  });

  it('a failed load says so', async () => {
    fakeServer(() => failure(500, 'INTERNAL', 'Boom'));
    renderScreen(<AssignedTasksPage />, { url: '/tasks' });
    expect(await screen.findByRole('button', { name: /Try Again/ })).toBeTruthy();
  });
});

describe('AssignedTasksPage: density, defaults and in-place edits (issue 18)', () => {
  const me = (tasksLayout: 'cards' | 'list') => ({
    _id: 'me',
    username: 'me',
    fullName: 'Me Myself',
    email: 'me@example.com',
    avatar: null,
    createdAt: '2026-01-05T00:00:00.000Z',
    isAdmin: false,
    twoFactorEnabled: false,
    timeZone: null,
    preferences: { todosLayout: 'cards' as const, tasksLayout },
  });
  const tasks = [task(1, { status: 'TODO' }), task(2, { status: 'COMPLETED' }), task(3, { status: 'CANCELLED' }), task(4, { status: 'IN_REVIEW' })];

  it('hides completed and cancelled tasks until "Show completed (N)"; "of Y" still counts them', async () => {
    const { calls } = fakeServer((call) => listAnswer(call, tasks));
    const user = userEvent.setup();
    const { location } = renderScreen(<AssignedTasksPage />, { url: '/tasks' });
    expect(await screen.findByText('Showing 2 of 4 tasks')).toBeTruthy();
    expect(cardTitles()).toEqual(['Job 01', 'Job 04']);
    expect(pageCalls(calls)[0]).toEqual({ page: '1', limit: '30', hideDone: 'true', sortBy: 'dueDate', sortOrder: 'asc' });

    await user.click(screen.getByRole('button', { name: 'Show completed (2)' }));
    expect(await screen.findByText('Showing 4 of 4 tasks')).toBeTruthy();
    expect(location().search).toBe('?done=show');
    await user.click(screen.getByRole('button', { name: 'Hide completed' }));
    expect(await screen.findByText('Showing 2 of 4 tasks')).toBeTruthy();
  });

  it("List shows compact rows; a row's status picker saves with the task's version", async () => {
    const { calls } = fakeServer((call) => {
      if (call.method === 'PUT' && pathnameOf(call) === '/api/v1/users/me') return { status: 200, body: { success: true, message: 'Profile updated', data: me('list') } };
      if (call.method === 'PUT') {
        const saved = { ...taskDetail({ _id: 'task-1', title: 'Job 01', status: 'IN_PROGRESS' }), history: [] };
        return { status: 200, body: { success: true, message: 'Task updated successfully', data: saved } };
      }
      return listAnswer(call, tasks);
    });
    const user = userEvent.setup();
    const { queryClient } = renderScreen(<AssignedTasksPage />, { url: '/tasks' });
    // The session's answer, which the app's guard loads first.
    queryClient.setQueryData(['session', 'me'], me('cards'));
    await screen.findByText('Showing 2 of 4 tasks');
    await user.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')[0]).toEqual({ method: 'PUT', path: '/api/v1/users/me', body: { preferences: { tasksLayout: 'list' } } }));
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Job 01' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Status of Job 01: Todo/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'In Progress' }));
    await waitFor(() => expect(calls.filter((call) => pathnameOf(call) === '/api/v1/tasks/task-1')).toEqual([
      { method: 'PUT', path: '/api/v1/tasks/task-1', body: { status: 'IN_PROGRESS', version: 1 } },
    ]));
  });
});
