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
import { seedFeature } from '../seed';

const table = (page: Page) => page.getByRole('table', { name: 'Features' });
const row = (page: Page, title: string) => table(page).getByRole('row').filter({ has: page.getByRole('button', { name: title, exact: true }) });
const titlesShown = (page: Page) => table(page).locator('tbody tr td:first-child button');

async function projectOf(page: Page, name = 'Analytical Engine') {
  const workspace = await createWorkspaceThroughApi(page.request, `${name} workspace`);
  return createProjectThroughApi(page.request, { workspaceId: workspace._id, name });
}

test.describe('features of a project', () => {
  test('the project above its features: create, edit, details and delete', async ({ page, signedInUser }) => {
    const project = await projectOf(page);
    await page.goto(`/dashboard/projects/${project._id}`);

    // The project: name, status, priority, members, progress and the caller's role.
    await expect(page.getByRole('heading', { level: 1, name: 'Analytical Engine' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Analytical Engine', exact: true });
    await expect(summary.getByText('Backlog', { exact: true })).toBeVisible();
    await expect(summary.getByText('Medium', { exact: true })).toBeVisible();
    await expect(summary.getByText('1 member', { exact: true })).toBeVisible();
    await expect(summary.getByText('Admin', { exact: true })).toBeVisible();
    await expect(summary.getByRole('progressbar', { name: 'Progress of Analytical Engine' })).toHaveAttribute('aria-valuenow', '0');
    await expect(summary.getByRole('img', { name: signedInUser.fullName })).toBeVisible();

    await expect(page.getByRole('heading', { level: 2, name: 'Features of Analytical Engine' })).toBeVisible();
    await expect(page.getByText('No features found')).toBeVisible();

    // Create: the title is required after trimming; hours must be whole numbers.
    await page.getByRole('button', { name: 'Create Feature' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Feature' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await expect(dialog.getByLabel('Status')).toHaveValue('BACKLOG');
    await expect(dialog.getByLabel('Priority')).toHaveValue('MEDIUM');
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByLabel('Estimated Hours').fill('2.5');
    await dialog.getByRole('button', { name: 'Create Feature' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Estimated hours must be a whole number from 0 to 10000')).toBeVisible();

    await dialog.getByLabel('Title').fill('  Mill  ');
    await dialog.getByLabel('Description').fill('The arithmetic unit.');
    await dialog.getByLabel('Priority').selectOption('HIGH');
    await dialog.getByLabel('Due Date').fill('2031-05-04');
    await dialog.getByLabel('Estimated Hours').fill('40');
    const created = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/features'));
    await dialog.getByRole('button', { name: 'Create Feature' }).click();
    // Hours as whole numbers; the empty actual hours left out.
    expect((await created).postDataJSON()).toEqual({
      title: 'Mill',
      description: 'The arithmetic unit.',
      status: 'BACKLOG',
      priority: 'HIGH',
      dueDate: '2031-05-04',
      estimatedHours: 40,
      projectId: project._id,
    });
    await expect(toast(page, 'Feature created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const mill = row(page, 'Mill');
    await expect(mill).toContainText('Backlog');
    await expect(mill).toContainText('High');
    await expect(mill).toContainText('May 4, 2031');
    await expect(mill).toContainText('– / 40 h');
    await expect(mill.getByRole('link', { name: 'Tasks of Mill' })).toHaveAttribute(
      'href',
      new RegExp(`/dashboard/projects/${project._id}/features/[0-9a-f-]{36}/task$`),
    );

    // Edit: the project and the version read go along; hours stay whole numbers.
    await mill.getByRole('button', { name: 'Edit Mill' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Feature' });
    await expect(edit.getByLabel('Title')).toHaveValue('Mill');
    await expect(edit.getByLabel('Estimated Hours')).toHaveValue('40');
    await edit.getByLabel('Status').selectOption('IN_PROGRESS');
    await edit.getByLabel('Actual Hours').fill('12');
    const updated = page.waitForRequest((request) => request.method() === 'PUT');
    await edit.getByRole('button', { name: 'Update Feature' }).click();
    expect((await updated).postDataJSON()).toMatchObject({ status: 'IN_PROGRESS', actualHours: 12, estimatedHours: 40, projectId: project._id, version: 1 });
    await expect(toast(page, 'Feature updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(mill).toContainText('In Progress');
    await expect(mill).toContainText('12 / 40 h');

    // The read-only details, opened from the row's title.
    await mill.getByRole('button', { name: 'Mill', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Mill' });
    await expect(details).toContainText('The arithmetic unit.');
    await expect(details).toContainText('In Progress');
    await expect(details).toContainText('40 hours');
    await expect(details).toContainText('12 hours');
    await expect(details).toContainText('May 4, 2031');
    await expect(details.getByRole('link', { name: 'View Tasks' })).toHaveAttribute('href', /\/features\/[0-9a-f-]{36}\/task$/);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // Delete asks first.
    await mill.getByRole('button', { name: 'Delete Mill' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this feature? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(mill).toBeVisible();
    await mill.getByRole('button', { name: 'Delete Mill' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Feature deleted successfully')).toBeVisible();
    await expect(page.getByText('No features found')).toBeVisible();
  });

  test('ten a page, at most five page buttons, sorting by a column and filters in the URL', async ({ page, signedInUser: _ }) => {
    const project = await projectOf(page, 'Big Plan');
    // Created in order, so the newest (the default sort) is the last.
    for (let index = 1; index <= 23; index += 1) {
      await seedFeature(page.request, {
        projectId: project._id,
        title: `Feature ${String(index).padStart(2, '0')}`,
        status: index % 5 === 0 ? 'DONE' : 'BACKLOG',
        priority: index === 7 ? 'URGENT' : 'LOW',
      });
    }
    await page.goto(`/dashboard/projects/${project._id}`);
    await expect(titlesShown(page)).toHaveCount(10);
    await expect(titlesShown(page).first()).toHaveText('Feature 23');
    await expect(page.getByText('Showing 1–10 of 23 features')).toBeVisible();

    const pager = page.getByRole('navigation', { name: 'Features pages' });
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3']);
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(titlesShown(page).first()).toHaveText('Feature 13');
    await expect(page).toHaveURL(/page=2/);
    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect(titlesShown(page)).toHaveText(['Feature 03', 'Feature 02', 'Feature 01']);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.getByText('Showing 21–23 of 23 features')).toBeVisible();

    // A column header sorts (and goes back to page 1); clicking again reverses.
    await table(page).getByRole('button', { name: 'Title' }).click();
    await expect(titlesShown(page).first()).toHaveText('Feature 01');
    await expect(table(page).getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    await table(page).getByRole('button', { name: 'Title' }).click();
    await expect(titlesShown(page).first()).toHaveText('Feature 23');
    await expect(table(page).getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');
    await table(page).getByRole('button', { name: 'Priority' }).click();
    await expect(titlesShown(page).first()).toHaveText('Feature 07');

    // Filters are sent to the server; one page needs no pager.
    const filtered = page.waitForRequest((request) => request.url().includes('status=DONE'));
    await page.getByLabel('Filter by status').selectOption('DONE');
    await filtered;
    await expect(titlesShown(page)).toHaveCount(4);
    await expect(pager).toBeHidden();
    await page.getByLabel('Search features').fill('Feature 1');
    // Still by priority (all LOW), ties newest first.
    await expect(titlesShown(page)).toHaveText(['Feature 15', 'Feature 10']);
    await expect(page).toHaveURL(/search=Feature\+1/);
    await page.reload();
    await expect(titlesShown(page)).toHaveText(['Feature 15', 'Feature 10']);
    await page.getByLabel('Search features').fill('nothing like it');
    await expect(page.getByText('No features found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(titlesShown(page)).toHaveCount(10);
  });

  test('members who may not manage features see no create, edit or delete; a stranger sees Project not found', async ({
    page,
    browser,
    baseURL,
    signedInUser: _,
  }) => {
    const member = uniqueUser();
    const stranger = uniqueUser();
    const memberId = await registerThroughApi(page.request, member);
    await registerThroughApi(page.request, stranger);
    const project = await projectOf(page, 'Shared Plan');
    await seedFeature(page.request, { projectId: project._id, title: 'Store' });
    await addMemberThroughApi(page.request, project._id, memberId, 'MEMBER');

    const asMember = await signInElsewhere(browser, baseURL, member);
    await asMember.page.goto(`/dashboard/projects/${project._id}`);
    const store = row(asMember.page, 'Store');
    await expect(store).toBeVisible();
    await expect(asMember.page.getByRole('region', { name: 'Shared Plan', exact: true }).getByText('Member', { exact: true })).toBeVisible();
    await expect(store.getByRole('link', { name: 'Tasks of Store' })).toBeVisible();
    await expect(store.getByRole('button', { name: 'Details of Store' })).toBeVisible();
    await expect(store.getByRole('button', { name: 'Edit Store' })).toHaveCount(0);
    await expect(store.getByRole('button', { name: 'Delete Store' })).toHaveCount(0);
    await expect(asMember.page.getByRole('button', { name: 'Create Feature' })).toHaveCount(0);
    await store.getByRole('button', { name: 'Store', exact: true }).click();
    await expect(asMember.page.getByRole('dialog', { name: 'Store' }).getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await asMember.context.close();

    const asStranger = await signInElsewhere(browser, baseURL, stranger);
    await asStranger.page.goto(`/dashboard/projects/${project._id}`);
    await expect(asStranger.page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    await expect(asStranger.page.getByText('Store')).toHaveCount(0);
    await asStranger.page.getByRole('link', { name: 'Back to Assigned Projects' }).click();
    await expect(asStranger.page).toHaveURL(/\/projects$/);
    await asStranger.context.close();
  });
});
