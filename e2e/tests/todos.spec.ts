import type { Page } from '@playwright/test';
import { expect, signInThroughApi, test, toast, uniqueUser, registerThroughApi } from '../fixtures';
import { listTodos, localDate, seedCategory, seedTodo } from '../seed';

const card = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const filter = (page: Page, name: 'Status' | 'Priority' | 'Category' | 'Date') =>
  page.getByRole('group', { name: 'Filters' }).getByRole('combobox', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');

/** "Jan 5, 2030" for a YYYY-MM-DD (US English short form, as the app shows calendar days). */
const shortDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * Holds every todo save (PUT) until `release()` is called, then answers it 500 without a
 * message: the optimistic change shows meanwhile, and the rollback follows the release.
 */
async function failTodoSavesWhenReleased(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/todos/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await held;
    await route.fulfill({ status: 500, body: '' });
  });
  return release;
}

test.describe('todos dashboard', () => {
  test('a category made on the categories screen files a new todo', async ({ page, signedInUser: _ }) => {
    await page.goto('/categories');
    await expect(page.getByText('No categories found')).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).first().click();
    await dialog(page).getByLabel('Name').fill('Errands');
    await dialog(page).getByRole('radio', { name: 'Green' }).check();
    await dialog(page).getByRole('button', { name: 'Create Category' }).click();
    await expect(toast(page, 'Category created successfully')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Todos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Todo' }).first().click();
    await expect(dialog(page)).toHaveAccessibleName('Create Todo');
    await expect(dialog(page).getByLabel('Title')).toBeFocused();

    // Nothing filled: the spec's messages, and no request.
    await dialog(page).getByRole('button', { name: 'Create Todo' }).click();
    await expect(dialog(page).getByText('Title is required')).toBeVisible();
    await expect(dialog(page).getByText('Please select a category')).toBeVisible();

    const due = localDate(30);
    await dialog(page).getByLabel('Title').fill('  Buy stamps  ');
    await dialog(page).getByLabel('Description').fill('At the post office on Main Street');
    await dialog(page).getByLabel('Priority').selectOption({ label: 'High' });
    await dialog(page).getByLabel('Due date').fill(due);
    await expect(dialog(page).getByLabel('Category').locator('option')).toHaveText(['Select a category', 'Errands']);
    await dialog(page).getByLabel('Category').selectOption({ label: 'Errands' });
    await dialog(page).getByLabel('Tags').fill(' post, , letters ,');
    await dialog(page).getByLabel("Today's focus").check();
    await dialog(page).getByRole('button', { name: 'Create Todo' }).click();

    await expect(toast(page, 'Todo created successfully')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    const created = card(page, 'Buy stamps');
    await expect(created).toContainText('At the post office on Main Street');
    await expect(created).toContainText('High');
    await expect(created).toContainText('Pending');
    await expect(created).toContainText('Errands');
    await expect(created).toContainText(shortDate(due));
    await expect(created.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['#post', '#letters']);
    await expect(created.getByRole('img', { name: "Today's focus" })).toBeVisible();
    // The colour bar is the category's (Green, #10B981).
    await expect(created.getByTestId('category-bar')).toHaveCSS('background-color', 'rgb(16, 185, 129)');

    const [stored] = await listTodos(page.request);
    expect(stored).toMatchObject({ title: 'Buy stamps', tags: ['post', 'letters'], isToday: true, priority: 'HIGH', status: 'PENDING' });
  });

  test('filters by status, priority, category and date, on the server, kept in the URL', async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    const work = await seedCategory(page.request, { name: 'Work', color: '#8B5CF6' });
    await seedTodo(page.request, { title: 'Alpha', category: home._id, status: 'PENDING', priority: 'LOW', dueDate: localDate(0) });
    await seedTodo(page.request, { title: 'Bravo', category: work._id, status: 'IN_PROGRESS', priority: 'HIGH', dueDate: localDate(-1) });
    await seedTodo(page.request, { title: 'Charlie', category: home._id, status: 'COMPLETED', priority: 'URGENT', dueDate: null });
    await seedTodo(page.request, { title: 'Delta', category: work._id, status: 'CANCELLED', priority: 'LOW', dueDate: localDate(3) });
    const all = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
    const expectShown = async (shown: string[]) => {
      for (const title of all) {
        if (shown.includes(title)) await expect(card(page, title)).toBeVisible();
        else await expect(card(page, title)).toHaveCount(0);
      }
    };

    await page.goto('/?done=show'); // completed and cancelled todos too (hidden by default, issue 18)
    await expectShown(all);
    await expect(filter(page, 'Status').locator('option')).toHaveText(['All Status', 'Pending', 'In Progress', 'Completed', 'Cancelled']);
    await expect(filter(page, 'Priority').locator('option')).toHaveText(['All Priorities', 'Low', 'Medium', 'High', 'Urgent']);
    await expect(filter(page, 'Category').locator('option')).toHaveText(['All Categories', 'Home', 'Work']);
    await expect(filter(page, 'Date').locator('option')).toHaveText(['All Dates', 'Today', 'Other Days']);

    // The overdue flag: due yesterday and not completed; never on a completed or a today's todo.
    await expect(card(page, 'Bravo').getByText('Overdue')).toBeVisible();
    await expect(card(page, 'Alpha').getByText('Overdue')).toHaveCount(0);
    await expect(card(page, 'Charlie').getByText('Overdue')).toHaveCount(0);

    const statusRequest = page.waitForRequest((request) => request.url().includes('/api/v1/todos?status=IN_PROGRESS'));
    await filter(page, 'Status').selectOption({ label: 'In Progress' });
    await statusRequest;
    await expectShown(['Bravo']);
    await expect(page).toHaveURL(/[?&]status=IN_PROGRESS/);
    await page.reload();
    await expect(filter(page, 'Status')).toHaveValue('IN_PROGRESS');
    await expectShown(['Bravo']);

    await filter(page, 'Status').selectOption({ label: 'All Status' });
    await filter(page, 'Priority').selectOption({ label: 'Low' });
    await expectShown(['Alpha', 'Delta']);
    await filter(page, 'Category').selectOption({ label: 'Work' });
    await expectShown(['Delta']);
    await expect(page).toHaveURL(new RegExp(`category=${work._id}`));

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expectShown(all);

    // 'Today' is the browser's local day, sent along with the filter.
    const dateRequest = page.waitForRequest((request) => request.url().includes(`date=today&today=${localDate(0)}`));
    await filter(page, 'Date').selectOption({ label: 'Today' });
    await dateRequest;
    await expectShown(['Alpha']);
    await filter(page, 'Date').selectOption({ label: 'Other Days' });
    await expectShown(['Bravo', 'Charlie', 'Delta']);

    await filter(page, 'Status').selectOption({ label: 'Pending' });
    await expect(page.getByText('No todos match the selected filters.')).toBeVisible();
    await expectShown([]);
  });

  test('the checkbox completes a pending todo and reopens a completed one', async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Water the plants', category: home._id, status: 'PENDING' });
    await seedTodo(page.request, { title: 'Paint the fence', category: home._id, status: 'IN_PROGRESS' });
    await page.goto('/?done=show'); // completed and cancelled todos too (hidden by default, issue 18)

    const todo = card(page, 'Water the plants');
    await todo.getByRole('checkbox', { name: 'Mark as complete: Water the plants' }).check();
    await expect(todo.getByRole('checkbox', { name: 'Mark as pending: Water the plants' })).toBeChecked();
    await expect(todo).toContainText('Completed');
    await expect(todo.getByRole('heading')).toHaveCSS('text-decoration-line', 'line-through');
    await expect.poll(async () => (await listTodos(page.request)).find((item) => item.title === 'Water the plants')?.status).toBe('COMPLETED');

    await page.reload();
    await card(page, 'Water the plants').getByRole('checkbox').uncheck();
    await expect(card(page, 'Water the plants')).toContainText('Pending');
    await expect(card(page, 'Water the plants').getByRole('checkbox')).not.toBeChecked();
    await expect
      .poll(async () => (await listTodos(page.request)).find((item) => item.title === 'Water the plants'))
      .toMatchObject({ status: 'PENDING', completedAt: null });

    // In progress has no checkbox transition on the dashboard (SPEC 4): the box cannot be ticked.
    await expect(card(page, 'Paint the fence').getByRole('checkbox')).toBeDisabled();
  });

  test('edit opens the form prefilled; Create afterwards starts empty', async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    const garden = await seedCategory(page.request, { name: 'Garden' });
    await seedTodo(page.request, {
      title: 'Fix the tap',
      description: 'Kitchen sink',
      category: home._id,
      priority: 'URGENT',
      status: 'PENDING',
      dueDate: '2030-01-05',
      tags: ['plumbing', 'weekend'],
      isToday: true,
    });
    await page.goto('/');
    await card(page, 'Fix the tap').getByRole('button', { name: 'Edit todo: Fix the tap' }).click();

    await expect(dialog(page)).toHaveAccessibleName('Edit Todo');
    await expect(dialog(page).getByLabel('Title')).toHaveValue('Fix the tap');
    await expect(dialog(page).getByLabel('Description')).toHaveValue('Kitchen sink');
    await expect(dialog(page).getByLabel('Status')).toHaveValue('PENDING');
    await expect(dialog(page).getByLabel('Priority')).toHaveValue('URGENT');
    await expect(dialog(page).getByLabel('Due date')).toHaveValue('2030-01-05');
    await expect(dialog(page).getByLabel('Category')).toHaveValue(home._id);
    await expect(dialog(page).getByLabel('Tags')).toHaveValue('plumbing, weekend');
    await expect(dialog(page).getByLabel("Today's focus")).toBeChecked();

    await dialog(page).getByLabel('Title').fill('Fix the kitchen tap');
    await dialog(page).getByLabel('Status').selectOption({ label: 'In Progress' });
    await dialog(page).getByLabel('Category').selectOption({ label: 'Garden' });
    await dialog(page).getByLabel('Due date').fill('');
    await dialog(page).getByRole('button', { name: 'Update Todo' }).click();
    await expect(toast(page, 'Todo updated successfully')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    const edited = card(page, 'Fix the kitchen tap');
    await expect(edited).toContainText('In Progress');
    await expect(edited).toContainText('Garden');
    await expect(edited).toContainText('No due date');
    await expect(card(page, 'Fix the tap')).toHaveCount(0);
    const [stored] = await listTodos(page.request);
    expect(stored).toMatchObject({ title: 'Fix the kitchen tap', status: 'IN_PROGRESS', dueDate: null });
    expect(stored!.category).toMatchObject({ _id: garden._id });

    // Editing, then Create: the form is empty again.
    await edited.getByRole('button', { name: 'Edit todo: Fix the kitchen tap' }).click();
    await expect(dialog(page).getByLabel('Title')).toHaveValue('Fix the kitchen tap');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await page.getByRole('button', { name: 'Create Todo' }).first().click();
    await expect(dialog(page)).toHaveAccessibleName('Create Todo');
    await expect(dialog(page).getByLabel('Title')).toHaveValue('');
    await expect(dialog(page).getByLabel('Tags')).toHaveValue('');
    await expect(dialog(page).getByLabel('Category')).toHaveValue('');
  });

  test('delete asks first; Cancel keeps the todo', async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Old chore', category: home._id });
    await seedTodo(page.request, { title: 'Keep me', category: home._id });
    await page.goto('/');

    await card(page, 'Old chore').getByRole('button', { name: 'Delete todo: Old chore' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this todo? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, 'Old chore')).toBeVisible();

    await card(page, 'Old chore').getByRole('button', { name: 'Delete todo: Old chore' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, 'Old chore')).toHaveCount(0);
    await expect(toast(page, 'Todo deleted successfully')).toBeVisible();
    await expect(card(page, 'Keep me')).toBeVisible();
    expect((await listTodos(page.request)).map((todo) => todo.title)).toEqual(['Keep me']);
  });

  test('a refused change rolls back with the error toast', async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Stubborn todo', category: home._id, status: 'PENDING' });
    await page.goto('/');
    const todo = card(page, 'Stubborn todo');

    // The server fails (500 without a message): the tick shows at once, then goes back.
    const release = await failTodoSavesWhenReleased(page);
    await todo.getByRole('checkbox').click();
    await expect(todo.getByRole('checkbox')).toBeChecked();
    await expect(todo).toContainText('Completed');
    release();
    await expect(toast(page, 'Failed to update todo')).toBeVisible();
    await expect(todo.getByRole('checkbox')).not.toBeChecked();
    await expect(todo).toContainText('Pending');
    await page.unrouteAll();

    // The server refuses with its own message: that message is shown.
    await page.route('**/api/v1/todos/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 409, json: { success: false, message: 'This todo is locked', code: 'CONFLICT' } })
        : route.fallback(),
    );
    await todo.getByRole('button', { name: 'Delete todo: Stubborn todo' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'This todo is locked')).toBeVisible();
    await expect(todo).toBeVisible();
    await page.unrouteAll();

    // No answer at all: the 'An error occurred while ...' message.
    await page.route('**/api/v1/todos/*', (route) => (route.request().method() === 'PUT' ? route.abort('failed') : route.fallback()));
    // A click (not check(), which insists on the new state): the rollback may already be done.
    await todo.getByRole('checkbox').click();
    await expect(toast(page, 'An error occurred while updating the todo')).toBeVisible();
    await expect(todo.getByRole('checkbox')).not.toBeChecked();
    expect((await listTodos(page.request))[0]).toMatchObject({ title: 'Stubborn todo', status: 'PENDING' });
  });

  test("another tab's change arriving while a tick is pending leaves the tick in place until the server answers", async ({
    page,
    signedInUser: _,
  }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Stubborn todo', category: home._id, status: 'PENDING' });
    await page.goto('/');
    const todo = card(page, 'Stubborn todo');
    await expect(todo).toContainText('Pending');
    // Another tab's todo shows with no reload: the page's live stream is open.
    await seedTodo(page.request, { title: 'From the other tab', category: home._id });
    await expect(card(page, 'From the other tab')).toBeVisible();

    const release = await failTodoSavesWhenReleased(page);
    await todo.getByRole('checkbox').click();
    await expect(todo).toContainText('Completed');
    // Meanwhile the other tab adds a todo. Its live event arrives within a second; refetching
    // the list then would show the server's "Pending" under a tick the server has not answered.
    await seedTodo(page.request, { title: 'Also from the other tab', category: home._id });
    await page.waitForTimeout(1_500);
    await expect(todo).toContainText('Completed');
    await expect(todo.getByRole('checkbox')).toBeChecked();

    release();
    await expect(toast(page, 'Failed to update todo')).toBeVisible();
    await expect(todo).toContainText('Pending');
    await expect(card(page, 'Also from the other tab')).toBeVisible();
  });

  test('a new user sees the empty message and can start from it', async ({ page, signedInUser: _ }) => {
    await page.goto('/');
    await expect(page.getByText('No todos match the selected filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Create Todo' }).last().click();
    await expect(dialog(page)).toHaveAccessibleName('Create Todo');
    // No categories yet: the form says where to make one.
    await expect(dialog(page).getByText('No categories yet.')).toBeVisible();
    await expect(dialog(page).getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/categories');
  });

  test('a failed load offers to try again', async ({ page, signedInUser: _ }) => {
    let fail = true;
    await page.route((url) => url.pathname === '/api/v1/todos', (route) => (fail ? route.fulfill({ status: 503, body: '' }) : route.fallback()));
    await page.goto('/');
    await expect(page.getByRole('alert')).toContainText('Failed to fetch todos');
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('No todos match the selected filters.')).toBeVisible();
  });

  test('keyboard: the form opens, traps focus and closes with Escape', async ({ page, signedInUser: _ }) => {
    await page.goto('/');
    // The dashboard's frame is in its HTML with the button disabled (it cannot take the focus):
    // a person can reach it once the app runs and enables it.
    const create = page.getByRole('button', { name: 'Create Todo' }).first();
    await expect(create).toBeEnabled();
    await create.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByLabel('Title')).toBeFocused();
    for (let step = 0; step < 15; step += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Create Todo' }).first()).toBeFocused();
  });
});

test.describe('ownership', () => {
  test("a second user never sees the first user's todos or categories", async ({ page, browser, signedInUser: _ }) => {
    const secret = await seedCategory(page.request, { name: 'Secret plans', color: '#EF4444' });
    await seedTodo(page.request, { title: 'Surprise party', category: secret._id });
    await page.goto('/');
    await expect(card(page, 'Surprise party')).toBeVisible();

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const otherUser = uniqueUser();
    await registerThroughApi(otherPage.request, otherUser);
    await signInThroughApi(otherPage, otherUser);

    await otherPage.goto('/');
    await expect(otherPage.getByText('No todos match the selected filters.')).toBeVisible();
    await expect(otherPage.getByText('Surprise party')).toHaveCount(0);
    await expect(filter(otherPage, 'Category').locator('option')).toHaveText(['All Categories']);
    await otherPage.goto('/list');
    await expect(otherPage.getByText('No tasks found')).toBeVisible();
    await expect(otherPage.getByText('Surprise party')).toHaveCount(0);
    await otherPage.goto('/categories');
    await expect(otherPage.getByText('No categories found')).toBeVisible();
    await expect(otherPage.getByText('Secret plans')).toHaveCount(0);
    // Even a link naming the first user's category shows nothing of it.
    await otherPage.goto(`/?category=${secret._id}`);
    await expect(otherPage.getByText('No todos match the selected filters.')).toBeVisible();
    await other.close();
  });
});

test.describe('todos dashboard with many todos', () => {
  test('shows 24 cards at a time, says how many there are, and shows more on request; a filter starts again at one page', async ({ page, signedInUser: _ }) => {
    const category = await seedCategory(page.request, { name: 'Bulk' });
    // No due dates: newest first, so the titles come back in reverse order of creation.
    for (let index = 1; index <= 30; index += 1) {
      await seedTodo(page.request, { title: `Bulk todo ${String(index).padStart(2, '0')}`, category: category._id, status: index <= 26 ? 'PENDING' : 'COMPLETED' });
    }
    await page.goto('/?done=show'); // completed and cancelled todos too (hidden by default, issue 18)
    const cards = page.getByRole('list', { name: 'Todos' }).getByRole('article');
    await expect(cards).toHaveCount(24);
    await expect(page.getByText('Showing 24 of 30 todos')).toBeVisible();
    await expect(cards.first().getByRole('heading')).toHaveText('Bulk todo 30');

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(cards).toHaveCount(30);
    await expect(page.getByText('Showing 30 of 30 todos')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    await expect(cards.last().getByRole('heading')).toHaveText('Bulk todo 01');

    await filter(page, 'Status').selectOption({ label: 'Pending' });
    await expect(page.getByText('Showing 24 of 26 todos')).toBeVisible();
    await expect(cards).toHaveCount(24);
    await filter(page, 'Status').selectOption({ label: 'Completed' });
    await expect(cards).toHaveCount(4);
    await expect(page.getByText(/Showing \d+ of \d+ todos/)).toHaveCount(0);
  });
});
