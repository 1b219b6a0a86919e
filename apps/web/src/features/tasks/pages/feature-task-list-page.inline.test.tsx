import type { ProjectMember, Task } from '@tasklane/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf, queryOf, type Call } from '@/lib/testing/fake-server';
import { person, personRef } from '@/lib/testing/fixtures';
import { renderScreen } from '@/lib/testing/render';
import { requestTaskPicker } from '@/lib/task-picker-requests';
import { boardAnswer, boardCard, taskDetail } from '../testing/fixtures';
import FeatureTaskListPage from './feature-task-list-page';

const colleague = person('c1', 'Carl Colleague');
const members = [{ _id: 'm1', role: 'MEMBER', userId: personRef(colleague), joinedAt: '2026-01-05T00:00:00.000Z' }] as ProjectMember[];
const statistics = { total: 2, todo: 2, inProgress: 0, inReview: 0, completed: 0, block: 0, cancelled: 0 };

const editable = (): Task => ({ ...taskDetail({ _id: 't1', title: 'Draft the plan', status: 'TODO', priority: 'LOW', version: 7 }) });
const readOnly = (): Task => ({
  ...taskDetail({ _id: 't2', title: 'Their task', status: 'TODO', version: 2, abilities: { canEdit: false, canDelete: false, canComment: true } }),
});

/** The feature's table (two rows: one the caller may edit, one not) and board; PUT answers 200, or 409 when told. */
function server({ conflict = false } = {}) {
  let rows = [editable(), readOnly()];
  return fakeServer((call: Call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/tasks')
      return { status: 200, body: { success: true, message: 'ok', total: rows.length, data: { tasks: rows, statistics, pagination: { currentPage: 1, pages: 1, count: rows.length } } } };
    if (call.method === 'GET' && path === '/api/v1/tasks/board')
      return { status: 200, body: boardAnswer([boardCard('t1', 'Draft the plan', 'TODO', 'a', { priority: 'LOW', version: 7 })], queryOf(call)) };
    if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories: [] } };
    if (call.method === 'PUT' && path === '/api/v1/tasks/t1') {
      if (conflict) return failure(409, 'CONFLICT', 'This task was changed by someone else. Reload to see the latest version.');
      const { version: _version, ...changes } = call.body as Record<string, unknown>;
      const assigneeId = changes.assigneeId === 'c1' ? personRef(colleague) : rows[0]!.assigneeId;
      const saved = { ...rows[0]!, ...(changes as Partial<Task>), assigneeId, version: rows[0]!.version + 1 };
      rows = [saved, rows[1]!];
      return { status: 200, body: { success: true, message: 'Task updated successfully', data: { ...saved, history: [], role: 'MEMBER' } } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const show = () =>
  renderScreen(
    <FeatureTaskListPage
      projectId="project-1"
      featureId="feature-1"
      project={{ name: 'Client Portal', abilities: { canEditTasks: true } }}
      feature={{ title: 'Launch', defaultCategoryId: null }}
      members={{ data: members, isLoading: false, isError: false, onRetry: () => {} }}
      currentUserId="me"
    />,
    { url: '/dashboard/projects/project-1/features/feature-1/task', withToasts: true },
  );

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => ({ path: call.path, body: call.body }));

describe('The task table: editing in place (issue 18)', () => {
  beforeEach(() => {
    globalThis.localStorage.clear();
  });

  it("a row's status, priority and assignee pickers save at once with the row's version; the row shows the saved values", async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: /^Status of Draft the plan: Todo/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'In Progress' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ path: '/api/v1/tasks/t1', body: { status: 'IN_PROGRESS', version: 7 } }]));
    expect(await screen.findByRole('button', { name: /^Status of Draft the plan: In Progress/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Assignee of Draft the plan: Unassigned/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Carl Colleague' }));
    await waitFor(() => expect(puts(calls).at(-1)).toEqual({ path: '/api/v1/tasks/t1', body: { assigneeId: 'c1', version: 8 } }));
    expect(await screen.findByRole('button', { name: /^Assignee of Draft the plan: Carl Colleague/ })).toBeTruthy();
  });

  it('a row the caller may not edit shows plain badges, and requests for it open nothing', async () => {
    server();
    show();
    await screen.findByRole('button', { name: /^Status of Draft the plan/ });
    const row = screen.getByRole('link', { name: 'Their task' }).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /^(Status|Priority|Assignee) of/ })).toBeNull();
    expect(requestTaskPicker('t2', 'status')).toBe(false);
  });

  it("a request opens that row's picker; a 409 says nothing was saved and reloads the table", async () => {
    const { calls } = server({ conflict: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    show();
    await screen.findByRole('button', { name: /^Priority of Draft the plan/ });
    const before = calls.filter((call) => call.method === 'GET' && pathnameOf(call) === '/api/v1/tasks').length;
    act(() => {
      requestTaskPicker('t1', 'priority');
    });
    await user.click(await screen.findByRole('menuitemradio', { name: 'High' }));
    expect(await screen.findByText(/Not saved: someone else changed this task first/)).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && pathnameOf(call) === '/api/v1/tasks').length).toBeGreaterThan(before));
  });
});

describe('The board: editing a card in place (issue 18)', () => {
  beforeEach(() => {
    globalThis.localStorage.clear();
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });

  it("a card's priority and assignee save through PUT with the card's version; `s` opens its 'Move to…'", async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Board' }));
    await user.click(await screen.findByRole('button', { name: /^Priority of Draft the plan: Low/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Urgent' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ path: '/api/v1/tasks/t1', body: { priority: 'URGENT', version: 7 } }]));

    act(() => {
      requestTaskPicker('t1', 'assignee');
    });
    expect(await screen.findByRole('menuitemradio', { name: 'Carl Colleague' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    act(() => {
      requestTaskPicker('t1', 'status');
    });
    expect(await screen.findByRole('menuitem', { name: 'In Progress' })).toBeTruthy();
  });
});
