import type { Page } from '@playwright/test';
import { addMemberThroughApi, expect, registerThroughApi, test, uniqueUser } from '../fixtures';
import { seedFeature, seedProjectGround, seedTask } from '../seed';

const cards = (page: Page) => page.getByRole('list', { name: 'Assigned tasks' }).getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading');

test.describe('assigned tasks', () => {
  test('search, filters and sorts over my tasks, with what each card says', async ({ page, signedInUser }) => {
    const other = uniqueUser();
    const otherId = await registerThroughApi(page.request, other);
    const me = ((await (await page.request.get('/api/v1/users/me')).json()) as { data: { _id: string } }).data._id;
    const { project, category } = await seedProjectGround(page.request, { project: 'Foundry', category: 'Casting' });
    await addMemberThroughApi(page.request, project._id, otherId, 'MEMBER');
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Furnace' });
    const base = { featureId: feature._id, categoryId: category._id, assigneeId: me };
    await seedTask(page.request, { ...base, title: 'Oil the crank', dueDate: '2020-01-01', priority: 'LOW', tags: ['maintenance'], estimatedHours: 2, actualHours: 1 });
    await seedTask(page.request, { ...base, title: 'Order brass', dueDate: '2031-02-01', priority: 'URGENT', status: 'IN_PROGRESS', description: 'From the Birmingham foundry' });
    await seedTask(page.request, { ...base, title: 'Sketch the frame', priority: 'HIGH', status: 'BLOCKED' });
    await seedTask(page.request, { ...base, title: 'Write the manual', dueDate: '2031-01-10', status: 'COMPLETED', tags: ['docs'] });
    await seedTask(page.request, { ...base, assigneeId: otherId, title: 'Not mine' });

    // Completed tasks too (hidden by default, issue 18).
    await page.goto('/tasks?done=show');
    await expect(page.getByRole('heading', { level: 1, name: 'Assigned Tasks' })).toBeVisible();
    await expect(page.getByText('Manage and track your assigned tasks')).toBeVisible();
    await expect(page.getByText('Showing 4 of 4 tasks')).toBeVisible();
    // By due date, soonest first; without one last.
    await expect(cardTitles(page)).toHaveText(['Oil the crank', 'Write the manual', 'Order brass', 'Sketch the frame']);

    const oil = page.getByRole('article', { name: 'Oil the crank' });
    await expect(oil.getByText('Overdue')).toBeVisible();
    await expect(oil).toContainText('Jan 1, 2020');
    await expect(oil).toContainText('1 / 2 h');
    await expect(oil).toContainText('Casting');
    await expect(oil).toContainText('maintenance');
    await expect(oil).toContainText('Foundry');
    await expect(oil).toContainText('Furnace');
    await expect(oil).toContainText(`By ${signedInUser.fullName}`);
    await expect(page.getByRole('article', { name: 'Sketch the frame' })).toContainText('Not set Yet');
    await expect(page.getByRole('article', { name: 'Write the manual' }).getByText('Overdue')).toHaveCount(0);

    const sort = page.getByLabel('Sort tasks');
    await sort.selectOption('priority');
    await expect(cardTitles(page)).toHaveText(['Order brass', 'Sketch the frame', 'Write the manual', 'Oil the crank']);
    await sort.selectOption('status');
    await expect(cardTitles(page)).toHaveText(['Oil the crank', 'Order brass', 'Sketch the frame', 'Write the manual']);
    await sort.selectOption('createdAt');
    await expect(cardTitles(page)).toHaveText(['Write the manual', 'Sketch the frame', 'Order brass', 'Oil the crank']);
    await expect(page).toHaveURL(/sort=createdAt/);

    await page.getByLabel('Filter by status').selectOption('PENDING');
    await expect(cardTitles(page)).toHaveText(['Oil the crank']);
    await expect(page.getByText('Showing 1 of 4 tasks')).toBeVisible();
    await page.getByLabel('Filter by status').selectOption('');
    await page.getByLabel('Filter by priority').selectOption('URGENT');
    await expect(cardTitles(page)).toHaveText(['Order brass']);
    await page.getByLabel('Filter by priority').selectOption('');
    // The search looks in titles, descriptions and tags.
    await page.getByLabel('Search tasks').fill('birmingham');
    await expect(cardTitles(page)).toHaveText(['Order brass']);
    await page.getByLabel('Search tasks').fill('DOCS');
    await expect(cardTitles(page)).toHaveText(['Write the manual']);
    await expect(page).toHaveURL(/search=DOCS/);
    await page.reload();
    await expect(cardTitles(page)).toHaveText(['Write the manual']);
    await page.getByLabel('Search tasks').fill('nothing of the kind');
    await expect(page.getByText('No tasks found')).toBeVisible();
    await expect(page.getByText('Showing 0 of 4 tasks')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(cards(page)).toHaveCount(4);

    await page.getByRole('article', { name: 'Order brass' }).getByRole('link', { name: 'Visit Task Order brass' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order brass' })).toBeVisible();
    await expect(page.getByText('From the Birmingham foundry')).toBeVisible();
  });

  test('thirty cards a page; no tasks says so', async ({ page, signedInUser: _ }) => {
    await page.goto('/tasks');
    await expect(page.getByText('No tasks found')).toBeVisible();

    const me = ((await (await page.request.get('/api/v1/users/me')).json()) as { data: { _id: string } }).data._id;
    const { project, category } = await seedProjectGround(page.request, { project: 'Busy' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Everything' });
    for (let index = 1; index <= 33; index += 1) {
      await seedTask(page.request, {
        featureId: feature._id,
        categoryId: category._id,
        assigneeId: me,
        title: `Job ${String(index).padStart(2, '0')}`,
        dueDate: `2030-01-${String(index % 28 || 28).padStart(2, '0')}`,
        tags: index % 10 === 0 ? ['milestone'] : [],
      });
    }
    await page.reload();
    await expect(page.getByText('Showing 33 of 33 tasks')).toBeVisible();
    await expect(cards(page)).toHaveCount(30);
    const pager = page.getByRole('navigation', { name: 'Assigned tasks pages' });
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    // A filter goes back to page 1.
    await page.getByLabel('Search tasks').fill('milestone');
    // By due date: Job 30 is due on Jan 2.
    await expect(cardTitles(page)).toHaveText(['Job 30', 'Job 10', 'Job 20']);
    await expect(pager).toBeHidden();
  });
});
