import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures';
import { seedCategory, seedTodo, listTodos } from '../seed';

const card = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
const filterBar = (page: Page) => page.getByRole('group', { name: 'Filter categories by type' });

test.describe('categories', () => {
  test('the filter bar lists all categories or those of one type', async ({ page, signedInUser: _ }) => {
    await seedCategory(page.request, { name: 'Bugs', type: 'TASK', color: '#EF4444' });
    await seedCategory(page.request, { name: 'Clients', type: 'PROJECT' });
    await seedCategory(page.request, { name: 'Recipes', type: 'BLOG' });
    await seedCategory(page.request, { name: 'Chores', type: 'TODO', color: '#10B981' });
    const names = ['Bugs', 'Chores', 'Clients', 'Recipes'];
    const expectShown = async (shown: string[]) => {
      await expect(page.getByRole('list', { name: 'Categories' }).getByRole('heading')).toHaveText(shown);
    };

    const allRequest = page.waitForRequest((request) => request.url().endsWith('/api/v1/categories/all'));
    await page.goto('/categories');
    await allRequest;
    await expect(filterBar(page).getByRole('button')).toHaveText(['All Categories', 'Tasks', 'Projects', 'Blog', 'Todo']);
    await expect(filterBar(page).getByRole('button', { name: 'All Categories' })).toHaveAttribute('aria-pressed', 'true');
    await expectShown(names);

    // Each card: name, slug, type badge and colour dot.
    const chores = card(page, 'Chores');
    await expect(chores).toContainText('chores');
    await expect(chores).toContainText('Todo');
    await expect(chores.getByTestId('color-dot')).toHaveCSS('background-color', 'rgb(16, 185, 129)');

    for (const [label, type, shown] of [
      ['Tasks', 'TASK', ['Bugs']],
      ['Projects', 'PROJECT', ['Clients']],
      ['Blog', 'BLOG', ['Recipes']],
      ['Todo', 'TODO', ['Chores']],
    ] as const) {
      const request = page.waitForRequest((item) => item.url().endsWith(`/api/v1/categories?type=${type}`));
      await filterBar(page).getByRole('button', { name: label, exact: true }).click();
      await request;
      await expectShown([...shown]);
      await expect(filterBar(page).getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(page).toHaveURL(/\?type=TODO$/);
    await page.reload();
    await expectShown(['Chores']);
    await filterBar(page).getByRole('button', { name: 'All Categories' }).click();
    await expectShown(names);
  });

  test("'Add Category': every type (Todo first), ten colours, slug from the name until edited by hand", async ({ page, signedInUser: _ }) => {
    await page.goto('/categories');
    await expect(page.getByText('No categories found')).toBeVisible();
    await expect(page.getByText('Create your first category to get started')).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await expect(dialog.getByLabel('Name')).toBeFocused();

    // Every type, so tasks can have TASK categories (docs/web.md); Todo on All Categories.
    await expect(dialog.getByLabel('Type').locator('option')).toHaveText(['Todo', 'Task', 'Project', 'Blog']);
    await expect(dialog.getByLabel('Type')).toHaveValue('TODO');
    const colours = dialog.getByRole('group', { name: 'Color' }).getByRole('radio');
    await expect(colours).toHaveCount(10);
    await expect(dialog.getByRole('radio', { name: 'Blue' })).toBeChecked();
    // A radio group: arrow keys move the choice.
    await dialog.getByRole('radio', { name: 'Blue' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: 'Red' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'Violet' }).check();

    await dialog.getByLabel('Name').fill('  Home & Garden__Jobs  ');
    await expect(dialog.getByLabel('Slug')).toHaveValue('home-garden-jobs');
    await dialog.getByLabel('Slug').fill('house');
    await dialog.getByLabel('Name').fill('Home and Garden');
    await expect(dialog.getByLabel('Slug')).toHaveValue('house');
    // Emptying the slug hands it back to the name.
    await dialog.getByLabel('Slug').fill('');
    await dialog.getByLabel('Name').fill('Home and Garden!');
    await expect(dialog.getByLabel('Slug')).toHaveValue('home-and-garden');

    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/categories'));
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    expect((await posted).postDataJSON()).toEqual({
      name: 'Home and Garden!',
      slug: 'home-and-garden',
      type: 'TODO',
      color: '#8B5CF6',
      workspaceId: null,
    });
    await expect(toast(page, 'Category created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const created = card(page, 'Home and Garden!');
    await expect(created).toContainText('home-and-garden');
    await expect(created.getByTestId('color-dot')).toHaveCSS('background-color', 'rgb(139, 92, 246)');

    // The form starts afresh, and asks for what is missing.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(dialog.getByLabel('Name')).toHaveValue('');
    await expect(dialog.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Slug is required')).toBeVisible();
  });

  test('Add Category starts on the type of the tab in view, and the new category shows under it', async ({ page, signedInUser: _ }) => {
    await page.goto('/categories?type=TASK');
    await expect(page.getByText('No categories found')).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await expect(dialog.getByLabel('Type')).toHaveValue('TASK');
    await dialog.getByLabel('Name').fill('Bugs');
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/categories'));
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ name: 'Bugs', slug: 'bugs', type: 'TASK' });
    await expect(toast(page, 'Category created successfully')).toBeVisible();
    await expect(card(page, 'Bugs')).toContainText('Task');

    // Another type may be chosen; it does not show under the Tasks tab.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await dialog.getByLabel('Name').fill('Clients');
    await dialog.getByLabel('Type').selectOption('PROJECT');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Categories' }).getByRole('heading')).toHaveText(['Bugs']);
    await filterBar(page).getByRole('button', { name: 'Projects' }).click();
    await expect(page.getByRole('list', { name: 'Categories' }).getByRole('heading')).toHaveText(['Clients']);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(dialog.getByLabel('Type')).toHaveValue('PROJECT');
  });

  test("a taken slug shows the server's message", async ({ page, signedInUser: _ }) => {
    await seedCategory(page.request, { name: 'Work', slug: 'work' });
    await page.goto('/categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByLabel('Name').fill('Work');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expect(toast(page, 'A category with this slug already exists')).toBeVisible();
    await expect(dialog.getByText('A category with this slug already exists')).toBeVisible();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Categories' }).getByRole('article')).toHaveCount(1);
  });

  test('delete shows on hover and on focus, asks first, and keeps the todos', async ({ page, signedInUser: _ }) => {
    const old = await seedCategory(page.request, { name: 'Old stuff' });
    await seedCategory(page.request, { name: 'Keep' });
    await seedTodo(page.request, { title: 'Filed under old stuff', category: old._id });
    await page.goto('/categories');

    const remove = card(page, 'Old stuff').getByRole('button', { name: 'Delete category: Old stuff' });
    await expect(remove).toHaveCSS('opacity', '0');
    await card(page, 'Old stuff').hover();
    await expect(remove).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await expect(remove).toHaveCSS('opacity', '0');
    await remove.focus();
    await expect(remove).toHaveCSS('opacity', '1');

    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this category? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Old stuff')).toBeVisible();

    await remove.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, 'Old stuff')).toHaveCount(0);
    await expect(toast(page, 'Category deleted successfully')).toBeVisible();
    await expect(card(page, 'Keep')).toBeVisible();
    // The todo lives on without a category.
    const [todo] = await listTodos(page.request);
    expect(todo).toMatchObject({ title: 'Filed under old stuff', category: null });
    await page.goto('/');
    await expect(page.getByRole('article').filter({ hasText: 'Filed under old stuff' })).toContainText('No category');
  });

  test('a refused delete brings the card back; a failed load offers to try again', async ({ page, signedInUser: _ }) => {
    await seedCategory(page.request, { name: 'Sticky' });
    await page.route('**/api/v1/categories/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.goto('/categories');
    await card(page, 'Sticky').getByRole('button', { name: 'Delete category: Sticky' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Failed to delete category')).toBeVisible();
    await expect(card(page, 'Sticky')).toBeVisible();
    await page.unrouteAll();

    let fail = true;
    await page.route('**/api/v1/categories?type=BLOG', (route) => (fail ? route.fulfill({ status: 503, body: '' }) : route.fallback()));
    await filterBar(page).getByRole('button', { name: 'Blog' }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to fetch categories');
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('No categories found')).toBeVisible();
  });
});
