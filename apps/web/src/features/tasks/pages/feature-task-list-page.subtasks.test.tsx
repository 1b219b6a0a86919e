import type { Task } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, pathnameOf, queryOf } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { taskCategory, taskDetail } from '../testing/fixtures';
import FeatureTaskListPage from './feature-task-list-page';

const statistics = { total: 3, todo: 3, inProgress: 0, inReview: 0, completed: 0, block: 0, cancelled: 0 };

const row = (overrides: Partial<Task>): Task => {
  const { history: _history, role: _role, ...task } = taskDetail(overrides);
  return task;
};
const parent = row({ _id: 'task-1', key: 'CP-7', title: 'Launch', subtasks: { total: 2, completed: 1 } });
const subtask = row({ _id: 's1', key: 'CP-8', title: 'Write the post', parentTaskId: 'task-1', parentTask: { _id: 'task-1', key: 'CP-7', title: 'Launch' } });
const plain = row({ _id: 't2', key: 'CP-9', title: 'Plain task' });

/** The feature's table: with hideSubtasks=true, only the top-level tasks, as the API answers. */
function server() {
  return fakeServer((call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/tasks') {
      const tasks = queryOf(call).hideSubtasks === 'true' ? [parent, plain] : [parent, subtask, plain];
      return { status: 200, body: { success: true, message: 'ok', total: tasks.length, data: { tasks, statistics, pagination: { currentPage: 1, pages: 1, count: tasks.length } } } };
    }
    if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories: [taskCategory('category-1', 'Planning')] } };
    if (call.method === 'DELETE') return { status: 200, body: { success: true, message: 'Task deleted successfully' } };
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
      members={{ data: [], isLoading: false, isError: false, onRetry: () => {} }}
      currentUserId="me"
    />,
    { url: '/dashboard/projects/project-1/features/feature-1/task', withToasts: true },
  );

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;

describe('FeatureTaskListPage: subtasks', () => {
  it("shows a parent's progress and marks a subtask with a link to its parent; 'Hide subtasks' leaves them out", async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await screen.findByRole('link', { name: 'Write the post' });
    expect(within(rowOf('Launch')).getByText(/1 of 2 done/)).toBeTruthy();
    const link = within(rowOf('Write the post')).getByRole('link', { name: /Subtask of CP-7/ });
    expect(link.getAttribute('href')).toBe('/dashboard/projects/project-1/features/feature-1/task/task-1');

    await user.click(screen.getByRole('checkbox', { name: 'Hide subtasks' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Write the post' })).toBeNull());
    expect(calls.some((call) => call.method === 'GET' && pathnameOf(call) === '/api/v1/tasks' && queryOf(call).hideSubtasks === 'true')).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Hide subtasks' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks whether to keep or delete a parent\'s subtasks, and sends the choice', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await screen.findByRole('link', { name: 'Launch' });
    await user.click(within(rowOf('Launch')).getByRole('button', { name: 'Delete Launch' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('This task has 2 subtasks.')).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: 'Keep its 2 subtasks as tasks' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Delete its 2 subtasks too' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/v1/tasks/task-1?subtasks=delete'));
  });

  it('deletes a task without subtasks as the spec says, with no choice and no query', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await screen.findByRole('link', { name: 'Plain task' });
    await user.click(within(rowOf('Plain task')).getByRole('button', { name: 'Delete Plain task' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/v1/tasks/t2'));
  });
});
