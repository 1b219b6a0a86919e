import type { Task, TaskDetail } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { deferredReply, failure, fakeServer, pathnameOf, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import TaskDetailPage from '../pages/task-detail-page';
import { taskDetail } from '../testing/fixtures';

const ada = { _id: 'u1', fullName: 'Ada Lovelace', username: 'ada', email: 'ada@example.com', avatar: null };

const subtask = (id: string, title: string, overrides: Partial<Task> = {}): Task => {
  const { history: _history, role: _role, ...task } = taskDetail({ _id: id, key: `CP-${id}`, title, parentTaskId: 'task-1', parentTask: { _id: 'task-1', key: 'CP-7', title: 'Launch' }, ...overrides });
  return task;
};

/**
 * The parent and its subtasks as stored: POST adds a subtask at the end, PUT on a subtask merges
 * its body, PUT .../order reorders them; the parent's progress is counted from them, as the API does.
 */
function server(initial: Task[]) {
  let subtasks = initial;
  const parent = (): TaskDetail =>
    taskDetail({
      title: 'Launch',
      subtasks: { total: subtasks.length, completed: subtasks.filter((task) => task.status === 'COMPLETED').length },
    });
  return fakeServer((call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1') return { status: 200, body: { success: true, message: 'ok', data: parent() } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/subtasks') return { status: 200, body: { success: true, message: 'ok', data: subtasks } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/attachments')
      return { status: 200, body: { success: true, message: 'ok', data: [], limits: { maxFileSize: 1024, maxFiles: 5 } } };
    if (call.method === 'POST' && path === '/api/v1/tasks') {
      const body = call.body as { title: string };
      const created = subtask(`s${subtasks.length + 1}`, body.title);
      subtasks = [...subtasks, created];
      return { status: 201, body: { success: true, message: 'Task created successfully', data: { ...created, history: [], role: 'ADMIN' } } };
    }
    if (call.method === 'PUT' && path === '/api/v1/tasks/task-1/subtasks/order') {
      const { subtaskIds } = call.body as { subtaskIds: string[] };
      subtasks = subtaskIds.map((id) => subtasks.find((task) => task._id === id)!);
      return { status: 200, body: { success: true, message: 'Subtasks reordered successfully', data: { subtaskIds } } };
    }
    const edited = subtasks.find((task) => call.method === 'PUT' && path === `/api/v1/tasks/${task._id}`);
    if (edited) {
      const { version: _version, ...changes } = call.body as Record<string, unknown>;
      const saved = { ...edited, ...(changes as Partial<Task>), version: edited.version + 1 };
      subtasks = subtasks.map((task) => (task._id === saved._id ? saved : task));
      return { status: 200, body: { success: true, message: 'Task updated successfully', data: { ...saved, history: [], role: 'ADMIN' } } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const show = () =>
  renderScreen(<TaskDetailPage projectId="project-1" taskId="task-1" members={{ data: [], isLoading: false, isError: false, onRetry: () => {} }} currentUserId="me" renderComments={() => null} />, {
    url: '/dashboard/projects/project-1/features/feature-1/task/task-1',
    withToasts: true,
  });

const panel = () => screen.getByRole('region', { name: 'Subtasks' });
const titles = () => within(panel()).getAllByTestId('subtask-row').map((row) => within(row).getAllByRole('link')[0]!.textContent);

describe('SubtasksPanel on the task detail page', () => {
  it('lists the subtasks with their status and assignee, and "1 of 2 done" on the page and in the panel', async () => {
    server([subtask('s1', 'Write the post', { status: 'COMPLETED', assigneeId: ada }), subtask('s2', 'Record the demo', { status: 'IN_PROGRESS' })]);
    show();
    await within(await screen.findByRole('region', { name: 'Subtasks' })).findByText('Write the post');
    expect(within(panel()).getByText('1 of 2 done')).toBeTruthy();
    expect(screen.getByTestId('subtask-progress').textContent).toContain('1 of 2 done');
    const [first, second] = within(panel()).getAllByTestId('subtask-row');
    expect(within(first!).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(first!).getByText('Completed')).toBeTruthy();
    expect(within(second!).getByText('Unassigned')).toBeTruthy();
    expect(within(second!).getByText('In Progress')).toBeTruthy();
    expect((within(first!).getByRole('checkbox', { name: 'Mark Write the post as not done' }) as HTMLInputElement).checked).toBe(true);
  });

  it('adds a subtask with just a title, and the progress follows', async () => {
    const { calls } = server([subtask('s1', 'Write the post', { status: 'COMPLETED' })]);
    const user = userEvent.setup();
    show();
    await within(await screen.findByRole('region', { name: 'Subtasks' })).findByText('1 of 1 done');
    await user.type(within(panel()).getByLabelText('New subtask'), '  Book the venue ');
    await user.click(within(panel()).getByRole('button', { name: 'Add subtask' }));
    await within(panel()).findByText('Book the venue');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ title: 'Book the venue', parentTaskId: 'task-1' });
    expect(within(panel()).getByText('1 of 2 done')).toBeTruthy();
    expect((within(panel()).getByLabelText('New subtask') as HTMLInputElement).value).toBe('');
  });

  it('completes a subtask with its tick, sending its version', async () => {
    const { calls } = server([subtask('s1', 'Write the post', { version: 4 })]);
    const user = userEvent.setup();
    show();
    await user.click(await within(await screen.findByRole('region', { name: 'Subtasks' })).findByRole('checkbox', { name: 'Complete Write the post' }));
    await within(panel()).findByText('1 of 1 done');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/api/v1/tasks/s1', body: { status: 'COMPLETED', version: 4 } });
  });

  it('keeps a tick made while a read of the list is on its way (the read answers the old status)', async () => {
    const before = subtask('s1', 'Write the post', { version: 4 });
    const after = { ...before, status: 'COMPLETED' as const, version: 5 };
    const listOf = (list: Task[]): Reply => ({ status: 200, body: { success: true, message: 'ok', data: list } });
    // The second read of the list and the save are held until the test answers them.
    const read = deferredReply();
    const save = deferredReply();
    const asked = { reads: 0, save: false };
    fakeServer((call) => {
      const path = pathnameOf(call);
      if (call.method === 'GET' && path === '/api/v1/tasks/task-1') return { status: 200, body: { success: true, message: 'ok', data: taskDetail({ title: 'Launch' }) } };
      if (call.method === 'GET' && path === '/api/v1/tasks/task-1/attachments')
        return { status: 200, body: { success: true, message: 'ok', data: [], limits: { maxFileSize: 1024, maxFiles: 5 } } };
      if (call.method === 'GET' && path === '/api/v1/tasks/task-1/subtasks') {
        asked.reads += 1;
        if (asked.reads === 1) return listOf([before]);
        return asked.reads === 2 ? read.reply : listOf([after]);
      }
      if (call.method === 'PUT' && path === '/api/v1/tasks/s1') {
        asked.save = true;
        return save.reply;
      }
      return failure(404, 'NOT_FOUND', 'Not found');
    });
    const user = userEvent.setup();
    const { queryClient } = show();
    const ticked = () => (within(panel()).getByRole('checkbox', { name: 'Mark Write the post as not done' }) as HTMLInputElement).checked;
    const box = await within(await screen.findByRole('region', { name: 'Subtasks' })).findByRole('checkbox', { name: 'Complete Write the post' });
    void queryClient.invalidateQueries({ queryKey: queryKeys.subtasks('task-1') });
    await waitFor(() => expect(asked.reads).toBe(2));

    await user.click(box);
    await waitFor(() => expect(asked.save).toBe(true));
    expect(ticked()).toBe(true);
    read.answer(listOf([before]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticked()).toBe(true);
    expect(within(panel()).getByText('1 of 1 done')).toBeTruthy();

    save.answer({ status: 200, body: { success: true, message: 'Task updated successfully', data: { ...after, history: [], role: 'ADMIN' } } });
    await waitFor(() => expect(asked.reads).toBe(3));
    await within(panel()).findByText('1 of 1 done');
    expect(ticked()).toBe(true);
  });

  it('reorders with the keyboard: Move down sends the whole new order, shown at once', async () => {
    const { calls } = server([subtask('s1', 'First'), subtask('s2', 'Second'), subtask('s3', 'Third')]);
    const user = userEvent.setup();
    show();
    await within(await screen.findByRole('region', { name: 'Subtasks' })).findByText('Third');
    within(panel()).getByRole('button', { name: 'Move First down' }).focus();
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Second', 'First', 'Third']);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/tasks/task-1/subtasks/order')).toBe(true));
    expect(calls.find((call) => call.path === '/api/v1/tasks/task-1/subtasks/order')?.body).toEqual({ subtaskIds: ['s2', 's1', 's3'] });
    expect((within(panel()).getByRole('button', { name: 'Move First up' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(panel()).getByRole('button', { name: 'Move Second up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no subtask list on a subtask, but a link to its parent', async () => {
    fakeServer((call) => {
      const path = pathnameOf(call);
      if (call.method === 'GET' && path === '/api/v1/tasks/task-1')
        return { status: 200, body: { success: true, message: 'ok', data: taskDetail({ parentTaskId: 'p1', parentTask: { _id: 'p1', key: 'CP-3', title: 'Launch' } }) } };
      return failure(404, 'NOT_FOUND', 'Not found');
    });
    show();
    const link = await screen.findByRole('link', { name: /Subtask of CP-3/ });
    expect(link.getAttribute('href')).toBe('/dashboard/projects/project-1/features/feature-1/task/p1');
    expect(screen.queryByRole('region', { name: 'Subtasks' })).toBeNull();
  });
});
