import type { Page } from '@playwright/test';
import { expect, expectToastBottomRight, signInThroughForm, test, toast } from '../fixtures';
import { listTodos, seedCategory, seedTodo } from '../seed';

const card = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('simple list', () => {
  test('shows each todo with its description and due date', async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Renew passport', description: 'Photos first', category: home._id, dueDate: '2030-01-05' });
    await seedTodo(page.request, { title: 'Someday', category: home._id, dueDate: null });
    await page.goto('/list');

    await expect(card(page, 'Renew passport')).toContainText('Photos first');
    await expect(card(page, 'Renew passport')).toContainText('Jan 5, 2030');
    await expect(card(page, 'Someday')).toContainText('No date');

    // Tooltips, on hover and on keyboard focus.
    await card(page, 'Renew passport').getByRole('button', { name: 'Mark as complete: Renew passport' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Mark as complete');
    await card(page, 'Renew passport').getByRole('button', { name: 'Delete todo: Renew passport' }).focus();
    await expect(page.getByRole('tooltip')).toHaveText('Delete todo');
  });

  test('the toggle completes any open todo and reopens a completed one', async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Half done', category: home._id, status: 'IN_PROGRESS' });
    await page.goto('/list');
    const todo = card(page, 'Half done');
    await expect(todo.getByRole('heading')).toHaveCSS('text-decoration-line', 'none');

    // In progress becomes COMPLETED here (unlike the dashboard's checkbox).
    await todo.getByRole('button', { name: 'Mark as complete: Half done' }).click();
    const reopen = todo.getByRole('button', { name: 'Mark as pending: Half done' });
    await expect(reopen).toBeVisible();
    await expect(todo.getByRole('heading')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(todo).toHaveCSS('opacity', '0.6');
    await expect.poll(async () => (await listTodos(page.request))[0]?.status).toBe('COMPLETED');

    // The tooltip follows the state (the pointer leaves and comes back: a click closes tooltips).
    await page.mouse.move(0, 0);
    await reopen.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Mark as pending');
    await reopen.click();
    await expect(todo.getByRole('button', { name: 'Mark as complete: Half done' })).toBeVisible();
    await expect(todo.getByRole('heading')).toHaveCSS('text-decoration-line', 'none');
    await expect.poll(async () => (await listTodos(page.request))[0]).toMatchObject({ status: 'PENDING', completedAt: null });
  });

  test("delete asks 'Confirm Deletion'; Cancel keeps the todo", async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Throw away', category: home._id });
    await page.goto('/list');

    await card(page, 'Throw away').getByRole('button', { name: 'Delete todo: Throw away' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await expect(confirm).toContainText('Are you sure you want to delete this task?');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(card(page, 'Throw away')).toBeVisible();
    // Focus goes back to the button that opened the dialog.
    await expect(card(page, 'Throw away').getByRole('button', { name: 'Delete todo: Throw away' })).toBeFocused();

    await card(page, 'Throw away').getByRole('button', { name: 'Delete todo: Throw away' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, 'Throw away')).toHaveCount(0);
    // The toast says so, bottom-right.
    await expectToastBottomRight(page, 'Todo deleted successfully');
    await expect(page.getByText('No tasks found')).toBeVisible();
    expect(await listTodos(page.request)).toEqual([]);
  });

  test("says 'Loading todos...' while loading and 'No tasks found' when empty", async ({ page, signedInUser: _ }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/todos', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/list');
    await expect(page.getByText('Loading todos...')).toBeVisible();
    release();
    await expect(page.getByText('No tasks found')).toBeVisible();
    await expect(page.getByText('Loading todos...')).toBeHidden();
  });

  test('a refused toggle rolls back with the error toast', async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Cannot finish', category: home._id });
    await page.route('**/api/v1/todos/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { success: false, message: 'Something went wrong on our side', code: 'INTERNAL_ERROR' } })
        : route.fallback(),
    );
    await page.goto('/list');
    await card(page, 'Cannot finish').getByRole('button', { name: 'Mark as complete: Cannot finish' }).click();
    await expect(toast(page, 'Something went wrong on our side')).toBeVisible();
    await expect(card(page, 'Cannot finish').getByRole('button', { name: 'Mark as complete: Cannot finish' })).toBeVisible();
    expect((await listTodos(page.request))[0]?.status).toBe('PENDING');
  });

  test('a visitor without a session is invited to sign in, then comes back to the list', async ({ page, user }) => {
    await page.goto('/list');
    await expect(page.getByText('Sign in to see your todos')).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveText('Hello, there');
    await expect(page).toHaveURL(/\/list$/);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, user);
    await expect(page).toHaveURL(/\/list$/);
    await expect(page.getByText('No tasks found')).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${user.fullName}`);
  });
});
