import type { ProjectMember, TaskDetail } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { person, personRef } from '@/lib/testing/fixtures';
import { renderScreen } from '@/lib/testing/render';
import { taskCategory, taskDetail } from '../testing/fixtures';
import TaskDetailPage from './task-detail-page';

const colleague = person('c1', 'Carl Colleague');
const members = [{ _id: 'm1', role: 'MEMBER', userId: personRef(colleague), joinedAt: '2026-01-05T00:00:00.000Z' }] as ProjectMember[];

/** The task as stored: PUT merges the body into it and bumps its version, as the API does. */
function server(stored: TaskDetail, update?: (call: Call) => Reply) {
  let task = stored;
  return fakeServer((call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1') return { status: 200, body: { success: true, message: 'ok', data: task } };
    if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories: [taskCategory('category-1', 'Planning'), taskCategory('category-2', 'Design')] } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/relations') return { status: 200, body: { success: true, message: 'ok', data: [] } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/attachments')
      return { status: 200, body: { success: true, message: 'ok', data: [], limits: { maxFileSize: 1024, maxFiles: 5 } } };
    if (call.method === 'PUT' && path === '/api/v1/tasks/task-1') {
      if (update) return update(call);
      const { version: _version, ...changes } = call.body as Record<string, unknown>;
      task = { ...task, ...(changes as Partial<TaskDetail>), version: task.version + 1 };
      return { status: 200, body: { success: true, message: 'Task updated successfully', data: task } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
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

const stored = taskDetail({
  title: 'Write the launch plan',
  description: 'For the board',
  priority: 'MEDIUM',
  estimatedHours: 4,
  tags: ['launch'],
  dueDate: '2026-03-01T00:00:00.000Z',
  version: 3,
});

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const form = screen.getByRole('region', { name: 'Edit Task' });
  await within(form).findByRole('option', { name: 'Design' });
  return form;
}

describe('TaskDetailPage: editing a task', () => {
  it('the form opens with the task\'s values; Save sends only what changed, with the version read', async () => {
    const { calls } = server(stored);
    const user = userEvent.setup();
    show();
    const form = await startEditing(user);
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Write the launch plan');
    expect((within(form).getByLabelText('Category') as HTMLSelectElement).value).toBe('category-1');
    expect((within(form).getByLabelText('Due Date') as HTMLInputElement).value).toBe('2026-03-01');
    expect((within(form).getByLabelText('Estimated Hours') as HTMLInputElement).value).toBe('4');
    expect((within(form).getByLabelText('Tags') as HTMLInputElement).value).toBe('launch');
    // Editing offers every priority, URGENT included.
    expect(within(within(form).getByLabelText('Priority')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Low', 'Medium', 'High', 'Urgent']);

    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Write the final launch plan');
    await user.selectOptions(within(form).getByLabelText('Priority'), 'URGENT');
    await user.clear(within(form).getByLabelText('Estimated Hours'));
    await user.type(within(form).getByLabelText('Tags'), ', copy');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/v1/tasks/task-1',
      body: { title: 'Write the final launch plan', priority: 'URGENT', estimatedHours: null, tags: ['launch', 'copy'], version: 3 },
    });
    expect(await screen.findByText('Task updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit Task' })).toBeNull());
    expect(await screen.findByRole('heading', { level: 1, name: 'Write the final launch plan' })).toBeTruthy();
  });

  it('Save with nothing changed sends nothing and leaves edit mode', async () => {
    const { calls } = server(stored);
    const user = userEvent.setup();
    show();
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit Task' })).toBeNull());
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('BLOCKED asks for a reason, sent with the status', async () => {
    const { calls } = server(stored);
    const user = userEvent.setup();
    show();
    const form = await startEditing(user);
    expect(within(form).queryByLabelText('Blocked Reason')).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Status'), 'BLOCKED');
    await user.type(await within(form).findByLabelText('Blocked Reason'), 'Waiting for legal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ status: 'BLOCKED', blockedReason: 'Waiting for legal', version: 3 });
  });

  it("a refusal keeps edit mode and the typed values, with the server's reason", async () => {
    server(stored, () => failure(400, 'VALIDATION_ERROR', 'Assignee must be a member of the project', [{ field: 'assigneeId', message: 'Assignee must be a member of the project' }]));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    show();
    const form = await startEditing(user);
    await user.selectOptions(within(form).getByLabelText('Assignee'), 'c1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Assignee must be a member of the project')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Edit Task' })).toBeTruthy();
    expect((within(form).getByLabelText('Assignee') as HTMLSelectElement).value).toBe('c1');
  });

  it('someone who may not edit sees the details and no Edit button', async () => {
    server(taskDetail({ abilities: { canEdit: false, canDelete: false, canComment: true }, role: 'VIEWER' }));
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Write the launch plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('a task that is not there (or not yours) says so, with the way back', async () => {
    fakeServer(() => failure(404, 'NOT_FOUND', 'Task not found'));
    show();
    expect(await screen.findByText('Task not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Assigned Tasks' })).toBeTruthy();
  });
});

describe('The keyboard on a task (issue 18)', () => {
  it("s, p and a open the task's in-place pickers; e edits", async () => {
    server(stored);
    const user = userEvent.setup();
    show();
    await screen.findByRole('heading', { level: 1, name: 'Write the launch plan' });
    await user.keyboard('s');
    expect(await screen.findByRole('menu', { name: /^Status of/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await user.keyboard('p');
    expect(await screen.findByRole('menu', { name: /^Priority of/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await user.keyboard('a');
    expect(await screen.findByRole('menu', { name: /^Assignee of/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Edit Task' })).toBeNull();
    await user.keyboard('e');
    const form = await screen.findByRole('region', { name: 'Edit Task' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText(/Title/)));
  });

  it('opens in Edit mode when a list asked for it (e on a selected task)', async () => {
    server(stored);
    renderScreen(
      <TaskDetailPage
        projectId="project-1"
        taskId="task-1"
        members={{ data: members, isLoading: false, isError: false, onRetry: () => {} }}
        currentUserId="me"
        renderComments={() => null}
      />,
      { url: '/dashboard/projects/project-1/features/feature-1/task/task-1', state: { edit: true } },
    );
    expect(await screen.findByRole('region', { name: 'Edit Task' })).toBeTruthy();
  });
});
