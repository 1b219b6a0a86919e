import type { Page } from '@playwright/test';
import {
  addMemberThroughApi,
  createProjectThroughApi,
  createWorkspaceThroughApi,
  expect,
  registerThroughApi,
  signInElsewhere,
  test,
  toast,
  uniqueUser,
} from '../fixtures';
import { seedFeature, seedProjectGround, seedTask } from '../seed';

const table = (page: Page) => page.getByRole('table', { name: 'Tasks' });
const titlesShown = (page: Page) => table(page).locator('tbody tr td:first-child a');
const row = (page: Page, title: string) => table(page).getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const tile = (page: Page, label: string) => page.getByRole('list', { name: 'Task statistics' }).getByRole('listitem').filter({ hasText: label });
/** A statistics tile says exactly its label and its number. */
const expectTile = (page: Page, label: string, count: number) => expect(tile(page, label)).toHaveText(new RegExp(`^${label}\\s*${count}$`));

test.describe('feature task list', () => {
  test('a TASK category made on the categories screen, then a task created and opened', async ({ page, browser, baseURL, signedInUser }) => {
    const assignee = uniqueUser();
    const assigneeId = await registerThroughApi(page.request, assignee);
    const workspace = await createWorkspaceThroughApi(page.request, 'Print shop');
    const project = await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Printing Press' });
    await addMemberThroughApi(page.request, project._id, assigneeId, 'MEMBER');
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Typesetting' });

    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks of Typesetting' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Printing Press' })).toHaveAttribute(
      'href',
      `/dashboard/projects/${project._id}`,
    );
    await expect(page.getByText('No tasks found')).toBeVisible();
    await expectTile(page, 'Total', 0);

    // No task categories yet: the modal says so and leads to the categories screen on its Tasks tab.
    await page.getByRole('button', { name: 'Create Task' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    await expect(dialog.getByText('you have none yet')).toBeVisible();
    await dialog.getByRole('link', { name: 'Create a task category' }).click();
    await expect(page).toHaveURL(/\/categories\?type=TASK$/);
    await page.getByRole('button', { name: 'Add Category' }).first().click();
    const categoryDialog = page.getByRole('dialog', { name: 'Add Category' });
    await expect(categoryDialog.getByLabel('Type')).toHaveValue('TASK');
    await categoryDialog.getByLabel('Name').fill('Hardware');
    await categoryDialog.getByRole('button', { name: 'Create Category' }).click();
    await expect(toast(page, 'Category created successfully')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks of Typesetting' })).toBeVisible();

    await page.getByRole('button', { name: 'Create Task' }).first().click();
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await expect(dialog.getByLabel('Priority').locator('option')).toHaveText(['Low', 'Medium', 'High']);
    await expect(dialog.getByLabel('Priority')).toHaveValue('MEDIUM');
    await expect(dialog.getByLabel('Status')).toHaveValue('TODO');
    // The project's members, in the order they joined.
    await expect(dialog.getByLabel('Assignee').locator('option')).toHaveText(['Unassigned', signedInUser.fullName, assignee.fullName]);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Category is required')).toBeVisible();

    await dialog.getByLabel('Title').fill('  Cast the type  ');
    await dialog.getByLabel('Description').fill('Lead and tin, 12 point.');
    await dialog.getByLabel('Category').selectOption({ label: 'Hardware' });
    await dialog.getByLabel('Assignee').selectOption({ label: assignee.fullName });
    await dialog.getByLabel('Priority').selectOption('HIGH');
    await dialog.getByLabel('Due Date').fill('2031-01-05');
    await dialog.getByLabel('Estimated Hours').fill('6');
    await dialog.getByLabel('Tags').fill(' metal , , type,');
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/tasks'));
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    expect((await posted).postDataJSON()).toMatchObject({
      title: 'Cast the type',
      description: 'Lead and tin, 12 point.',
      status: 'TODO',
      priority: 'HIGH',
      assigneeId,
      dueDate: '2031-01-05',
      estimatedHours: 6,
      tags: ['metal', 'type'],
      featureId: feature._id,
      projectId: project._id,
    });
    await expect(toast(page, 'Task created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const cast = row(page, 'Cast the type');
    await expect(cast).toContainText('Todo');
    await expect(cast).toContainText('High');
    await expect(cast).toContainText(assignee.fullName);
    await expect(cast).toContainText('Jan 5, 2031');
    await expect(cast).toContainText(signedInUser.fullName);
    await expectTile(page, 'Total', 1);
    await expectTile(page, 'To Do', 1);

    await cast.getByRole('link', { name: 'View Cast the type' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cast the type' })).toBeVisible();
    await expect(page.getByText('Created with status TODO and priority HIGH by ' + signedInUser.fullName)).toBeVisible();

    // The assignee, at another browser, finds it among their tasks.
    const other = await signInElsewhere(browser, baseURL, assignee);
    await other.page.goto('/tasks');
    const card = other.page.getByRole('article', { name: 'Cast the type' });
    await expect(card).toContainText('Printing Press');
    await expect(card).toContainText('Typesetting');
    await card.getByRole('link', { name: 'Visit Task Cast the type' }).click();
    await expect(other.page.getByRole('heading', { level: 1, name: 'Cast the type' })).toBeVisible();
    await other.context.close();
  });

  test('statistics, the PENDING and BLOCK filters, search, Previous and Next', async ({ page, signedInUser: _ }) => {
    const { project, category } = await seedProjectGround(page.request, { project: 'Looms' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Jacquard' });
    const statuses = ['TODO', 'REOPEN', 'IN_PROGRESS', 'DEV_COMPLETED', 'BLOCKED', 'IN_REVIEW', 'COMPLETED', 'CANCELLED', 'TODO', 'TODO', 'IN_PROGRESS', 'COMPLETED'];
    for (const [index, status] of statuses.entries()) {
      await seedTask(page.request, {
        featureId: feature._id,
        categoryId: category._id,
        title: `Card ${String(index + 1).padStart(2, '0')}`,
        status,
        tags: index === 3 ? ['punch'] : [],
      });
    }
    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
    for (const [label, count] of [
      ['Total', 12],
      ['To Do', 4],
      ['In Progress', 3],
      ['In Review', 1],
      ['Completed', 2],
      ['Blocked', 1],
      ['Cancelled', 1],
    ] as const) {
      await expectTile(page, label, count);
    }

    // Ten a page, newest first; Previous and Next only.
    const pager = page.getByRole('navigation', { name: 'Tasks pages' });
    await expect(titlesShown(page)).toHaveCount(10);
    await expect(titlesShown(page).first()).toHaveText('Card 12');
    await expect(pager.getByRole('button', { name: /^Page/ })).toHaveCount(0);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(titlesShown(page)).toHaveText(['Card 02', 'Card 01']);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.getByText('12 tasks · Page 2 of 2')).toBeVisible();

    // PENDING: not started (TODO and REOPEN); the statistics stay those of the whole feature.
    const pending = page.waitForRequest((request) => request.url().includes('status=PENDING'));
    await page.getByLabel('Filter by status').selectOption('PENDING');
    await pending;
    await expect(titlesShown(page)).toHaveText(['Card 10', 'Card 09', 'Card 02', 'Card 01']);
    await expectTile(page, 'Total', 12);
    await expect(pager).toBeHidden();
    // Blocked is sent as the list's word, BLOCK.
    const blocked = page.waitForRequest((request) => request.url().includes('status=BLOCK&') || request.url().endsWith('status=BLOCK'));
    await page.getByLabel('Filter by status').selectOption({ label: 'Blocked' });
    await blocked;
    await expect(titlesShown(page)).toHaveText(['Card 05']);
    await page.getByLabel('Filter by status').selectOption('');
    await page.getByLabel('Search tasks').fill('punch');
    await expect(titlesShown(page)).toHaveText(['Card 04']);
    await page.getByLabel('Search tasks').fill('no such card');
    await expect(page.getByText('No tasks found')).toBeVisible();
  });

  test('delete asks first; a MEMBER deletes only their own tasks, a VIEWER creates and deletes nothing', async ({
    page,
    browser,
    baseURL,
    signedInUser: _,
  }) => {
    const member = uniqueUser();
    const viewer = uniqueUser();
    const memberId = await registerThroughApi(page.request, member);
    const viewerId = await registerThroughApi(page.request, viewer);
    const { project, category } = await seedProjectGround(page.request, { project: 'Observatory' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Telescope' });
    await addMemberThroughApi(page.request, project._id, memberId, 'MEMBER');
    await addMemberThroughApi(page.request, project._id, viewerId, 'VIEWER');
    await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Grind the mirror' });
    await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Build the mount' });
    const url = `/dashboard/projects/${project._id}/features/${feature._id}/task`;

    const asMember = await signInElsewhere(browser, baseURL, member);
    const memberCategory = await asMember.page.request.post('/api/v1/categories', {
      data: { name: 'Mine', slug: 'mine', type: 'TASK', color: '#3B82F6', workspaceId: null },
    });
    const memberCategoryId = ((await memberCategory.json()) as { data: { _id: string } }).data._id;
    await seedTask(asMember.page.request, { featureId: feature._id, categoryId: memberCategoryId, title: 'Polish the lens' });
    await asMember.page.goto(url);
    await expect(asMember.page.getByRole('button', { name: 'Create Task' })).toBeVisible();
    await expect(row(asMember.page, 'Polish the lens').getByRole('button', { name: 'Delete Polish the lens' })).toBeVisible();
    await expect(row(asMember.page, 'Grind the mirror').getByRole('link', { name: 'View Grind the mirror' })).toBeVisible();
    await expect(row(asMember.page, 'Grind the mirror').getByRole('button', { name: 'Delete Grind the mirror' })).toHaveCount(0);
    await asMember.context.close();

    const asViewer = await signInElsewhere(browser, baseURL, viewer);
    await asViewer.page.goto(url);
    await expect(row(asViewer.page, 'Grind the mirror')).toBeVisible();
    await expect(asViewer.page.getByRole('button', { name: 'Create Task' })).toHaveCount(0);
    await expect(table(asViewer.page).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await asViewer.context.close();

    // The admin deletes anyone's task, after confirming.
    await page.goto(url);
    await row(page, 'Polish the lens').getByRole('button', { name: 'Delete Polish the lens' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this task? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, 'Polish the lens')).toBeVisible();
    await row(page, 'Polish the lens').getByRole('button', { name: 'Delete Polish the lens' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Task deleted successfully')).toBeVisible();
    await expect(row(page, 'Polish the lens')).toHaveCount(0);
    await expectTile(page, 'Total', 2);
  });

  test('an unknown feature, and a stranger, see not found', async ({ page, browser, baseURL, signedInUser: _ }) => {
    const stranger = uniqueUser();
    await registerThroughApi(page.request, stranger);
    const { project } = await seedProjectGround(page.request, { project: 'Secret Lab' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Hidden' });
    await page.goto(`/dashboard/projects/${project._id}/features/00000000-0000-4000-8000-000000000000/task`);
    await expect(page.getByRole('heading', { name: 'Feature not found' })).toBeVisible();

    const other = await signInElsewhere(browser, baseURL, stranger);
    await other.page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
    await expect(other.page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    await expect(other.page.getByText('Hidden')).toHaveCount(0);
    await other.context.close();
  });
});
