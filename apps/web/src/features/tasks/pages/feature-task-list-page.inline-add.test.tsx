import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf, queryOf, type Call } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { taskViewStorageKey } from '../lib/task-view';
import { boardAnswer, boardCard, taskCategory, taskDetail } from '../testing/fixtures';
import FeatureTaskListPage from './feature-task-list-page';

const statistics = { total: 0, todo: 0, inProgress: 0, inReview: 0, completed: 0, block: 0, cancelled: 0 };

function server() {
  return fakeServer((call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/tasks/board') return { status: 200, body: boardAnswer([boardCard('t1', 'Draft the plan', 'TODO', 'a')], queryOf(call)) };
    if (call.method === 'GET' && path === '/api/v1/tasks')
      return { status: 200, body: { success: true, message: 'ok', total: 0, data: { tasks: [], statistics, pagination: { currentPage: 1, pages: 0, count: 0 } } } };
    if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories: [taskCategory('category-1', 'Planning'), taskCategory('category-2', 'Design')] } };
    if (call.method === 'POST' && path === '/api/v1/tasks') {
      const { title } = call.body as { title: string };
      if (title === 'Refused') return failure(400, 'VALIDATION_ERROR', 'Category must be one of your task categories');
      return { status: 201, body: { success: true, message: 'Task created successfully', data: taskDetail({ _id: 'task-9', title }) } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const creates = (calls: Call[]) => calls.filter((call) => call.method === 'POST' && pathnameOf(call) === '/api/v1/tasks');

function show(feature: { title: string; defaultCategoryId: string | null }, onRememberDefaultCategory?: (categoryId: string) => Promise<unknown>) {
  // The board view, remembered for this person.
  localStorage.setItem(taskViewStorageKey('me'), 'board');
  return renderScreen(
    <FeatureTaskListPage
      projectId="project-1"
      featureId="feature-1"
      project={{ name: 'Client Portal', abilities: { canEditTasks: true } }}
      feature={feature}
      members={{ data: [], isLoading: false, isError: false, onRetry: () => {} }}
      currentUserId="me"
      onRememberDefaultCategory={onRememberDefaultCategory}
    />,
    { url: '/dashboard/projects/project-1/features/feature-1/task', withToasts: true },
  );
}

async function openBoard(user: ReturnType<typeof userEvent.setup>) {
  if (!screen.queryByRole('region', { name: 'Task board' })) await user.click(await screen.findByRole('button', { name: 'Board' }));
  await screen.findByRole('region', { name: 'Task board' });
}

describe("The board's inline add", () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });

  it("creates a task in the column's status with just a title, in the feature's default category, and stays open for the next", async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show({ title: 'Launch', defaultCategoryId: 'category-2' });
    await openBoard(user);

    await user.click(screen.getByRole('button', { name: 'Add task to In Review' }));
    const title = screen.getByLabelText('Title of the new In Review task');
    expect(document.activeElement).toBe(title);
    // No category to choose: the feature's default is used.
    expect(screen.queryByLabelText('Category of the new In Review task')).toBeNull();
    await user.type(title, 'Check the copy{Enter}');

    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0]!.body).toEqual({ title: 'Check the copy', projectId: 'project-1', featureId: 'feature-1', status: 'IN_REVIEW', categoryId: 'category-2' });
    await waitFor(() => expect((title as HTMLInputElement).value).toBe(''));
    expect(document.activeElement).toBe(title);

    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Title of the new In Review task')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add task to In Review' })));
  });

  it('asks for a category when the feature has none, and offers to remember it as the default', async () => {
    const { calls } = server();
    const remember = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    show({ title: 'Launch', defaultCategoryId: null }, remember);
    await openBoard(user);

    await user.click(screen.getByRole('button', { name: 'Add task to Todo' }));
    const title = screen.getByLabelText('Title of the new Todo task');
    await user.type(title, 'Write the brief{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Category is required');
    expect(creates(calls)).toHaveLength(0);

    const category = screen.getByLabelText('Category of the new Todo task');
    await within(category).findByRole('option', { name: 'Planning' });
    await user.selectOptions(category, 'Planning');
    expect((screen.getByLabelText("Remember as this feature's default category") as HTMLInputElement).checked).toBe(true);
    await user.click(title);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0]!.body).toMatchObject({ title: 'Write the brief', status: 'TODO', categoryId: 'category-1' });
    await waitFor(() => expect(remember).toHaveBeenCalledWith('category-1'));
  });

  it("shows the server's refusal beside the line, and keeps the title", async () => {
    server();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    show({ title: 'Launch', defaultCategoryId: 'category-2' });
    await openBoard(user);
    await user.click(screen.getByRole('button', { name: 'Add task to Todo' }));
    const title = screen.getByLabelText('Title of the new Todo task');
    await user.type(title, 'Refused{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Category must be one of your task categories');
    expect((title as HTMLInputElement).value).toBe('Refused');
  });
});
