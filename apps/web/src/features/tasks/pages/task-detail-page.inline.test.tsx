import type { ProjectMember, TaskDetail } from '@tasklane/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf, type Call } from '@/lib/testing/fake-server';
import { person, personRef } from '@/lib/testing/fixtures';
import { renderScreen } from '@/lib/testing/render';
import { requestTaskPicker } from '@/lib/task-picker-requests';
import { taskDetail } from '../testing/fixtures';
import TaskDetailPage from './task-detail-page';

const colleague = person('c1', 'Carl Colleague');
const members = [{ _id: 'm1', role: 'MEMBER', userId: personRef(colleague), joinedAt: '2026-01-05T00:00:00.000Z' }] as ProjectMember[];

const stored = taskDetail({ status: 'TODO', priority: 'MEDIUM', estimatedHours: 4, dueDate: '2026-03-01T00:00:00.000Z', version: 3 });

/**
 * The task as stored: PUT merges the body into it and bumps its version, as the API does;
 * `someoneElseFirst` makes the first PUT find another person's save (409) and GET answer it.
 */
function server(options: { someoneElseFirst?: Partial<TaskDetail> } = {}) {
  let task = stored;
  let isFirstPut = true;
  const result = fakeServer((call: Call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1') return { status: 200, body: { success: true, message: 'ok', data: task } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/relations') return { status: 200, body: { success: true, message: 'ok', data: [] } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/attachments')
      return { status: 200, body: { success: true, message: 'ok', data: [], limits: { maxFileSize: 1024, maxFiles: 5 } } };
    if (call.method === 'PUT' && path === '/api/v1/tasks/task-1') {
      if (options.someoneElseFirst && isFirstPut) {
        isFirstPut = false;
        task = { ...task, ...options.someoneElseFirst, version: task.version + 1 };
        return failure(409, 'CONFLICT', 'This task was changed by someone else. Reload to see the latest version.');
      }
      const { version: _version, ...changes } = call.body as Record<string, unknown>;
      const assignee = 'assigneeId' in changes ? (changes.assigneeId === 'c1' ? personRef(colleague) : null) : task.assigneeId;
      const dueDate = 'dueDate' in changes ? (changes.dueDate ? `${changes.dueDate as string}T00:00:00.000Z` : null) : task.dueDate;
      task = { ...task, ...(changes as Partial<TaskDetail>), assigneeId: assignee, dueDate, version: task.version + 1 };
      return { status: 200, body: { success: true, message: 'Task updated successfully', data: { ...task, history: [] } } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
  return result;
}

const show = () =>
  renderScreen(
    <TaskDetailPage
      projectId="project-1"
      taskId="task-1"
      members={{ data: members, isLoading: false, isError: false, onRetry: () => {} }}
      currentUserId="me"
      renderComments={() => null}
    />,
    { url: '/dashboard/projects/project-1/features/feature-1/task/task-1', withToasts: true },
  );

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('TaskDetailPage: editing in place (issue 18)', () => {
  it('the status badge opens the statuses; a pick saves at once with the version shown, and the badge shows it', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    const trigger = await screen.findByRole('button', { name: /^Status of Write the launch plan: Todo/ });
    await user.click(trigger);
    // The current one is checked.
    expect(screen.getByRole('menuitemradio', { name: 'Todo' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: 'In Review' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ status: 'IN_REVIEW', version: 3 }]));
    expect(await screen.findByText('Task updated successfully')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Status of Write the launch plan: In Review/ })).toBeTruthy();
    // Focus goes back to the badge.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Status of/));
  });

  it('the priority and the assignee save the same way; picking the current value sends nothing', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: /^Priority of .*: Medium/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Medium' }));
    await user.click(screen.getByRole('button', { name: /^Priority of .*: Medium/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Urgent' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ priority: 'URGENT', version: 3 }]));
    await user.click(await screen.findByRole('button', { name: /^Assignee of .*: Unassigned/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Carl Colleague' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ priority: 'URGENT', version: 3 }, { assigneeId: 'c1', version: 4 }]));
    expect(await screen.findByRole('button', { name: /^Assignee of .*: Carl Colleague/ })).toBeTruthy();
  });

  it('a 409 says the change was not saved and shows the latest version, never overwriting it', async () => {
    const { calls } = server({ someoneElseFirst: { status: 'BLOCKED' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: /^Status of .*: Todo/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Completed' }));
    expect(await screen.findByText(/Not saved: someone else changed this task first/)).toBeTruthy();
    // The other person's save is what shows, and nothing was sent again.
    expect(await screen.findByRole('button', { name: /^Status of .*: Blocked/ })).toBeTruthy();
    expect(puts(calls)).toEqual([{ status: 'COMPLETED', version: 3 }]);
  });

  it('the due date and the hours open the browser\'s inputs: Enter saves, Escape puts the value back', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Due Date: Mar 1, 2026. Edit due date' }));
    const date = screen.getByLabelText('Due Date') as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.value).toBe('2026-03-01');
    await user.clear(date);
    await user.type(date, '2026-04-15{Enter}');
    await waitFor(() => expect(puts(calls)).toEqual([{ dueDate: '2026-04-15', version: 3 }]));
    expect(await screen.findByRole('button', { name: 'Due Date: Apr 15, 2026. Edit due date' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Estimated Hours: 4/ }));
    const hours = screen.getByLabelText('Estimated Hours') as HTMLInputElement;
    await user.clear(hours);
    await user.type(hours, '12{Escape}');
    expect(screen.getByRole('button', { name: /^Estimated Hours: 4/ })).toBe(document.activeElement);
    await user.click(screen.getByRole('button', { name: /^Estimated Hours: 4/ }));
    await user.clear(screen.getByLabelText('Estimated Hours'));
    await user.type(screen.getByLabelText('Estimated Hours'), '12.5{Enter}');
    expect(await screen.findByText('Estimated hours must be a whole number from 0 to 10000')).toBeTruthy();
    await user.clear(screen.getByLabelText('Estimated Hours'));
    await user.type(screen.getByLabelText('Estimated Hours'), '12{Enter}');
    await waitFor(() => expect(puts(calls)).toEqual([{ dueDate: '2026-04-15', version: 3 }, { estimatedHours: 12, version: 4 }]));
  });

  it("the keyboard's requests open the asked picker; Escape closes it", async () => {
    server();
    const user = userEvent.setup();
    show();
    await screen.findByRole('button', { name: /^Priority of/ });
    let opened = false;
    act(() => {
      opened = requestTaskPicker('task-1', 'priority');
    });
    expect(opened).toBe(true);
    expect(await screen.findByRole('menu', { name: /^Priority of/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    act(() => {
      requestTaskPicker('task-1', 'assignee');
    });
    expect(await screen.findByRole('menuitemradio', { name: 'Carl Colleague' })).toBeTruthy();
    act(() => {
      requestTaskPicker('task-1', 'status');
    });
    expect(await screen.findByRole('menu', { name: /^Status of/ })).toBeTruthy();
  });

  it('someone who may not edit sees plain badges, and requests open nothing', async () => {
    server();
    fakeServer((call) =>
      pathnameOf(call) === '/api/v1/tasks/task-1'
        ? { status: 200, body: { success: true, message: 'ok', data: taskDetail({ abilities: { canEdit: false, canDelete: false, canComment: true }, role: 'VIEWER' }) } }
        : failure(404, 'NOT_FOUND', 'Not found'),
    );
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Write the launch plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Status of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit due date/ })).toBeNull();
    expect(requestTaskPicker('task-1', 'status')).toBe(false);
  });
});
