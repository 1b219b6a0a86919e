import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures';
import { seedCategory, seedFeature, seedProjectGround, seedTask, seedTodo } from '../seed';

const history = (page: Page) => page.getByRole('list', { name: 'History' }).getByRole('listitem');
const todoTitles = (page: Page) => page.getByRole('list', { name: 'Todos' }).getByRole('heading');

/** Issue 18: changing a task in place, and the dashboard's defaults. */
test.describe('speed of use: in place and by default', () => {
  test("the task's status changes in place on its detail page with the keyboard alone (s), and its history says so", async ({ page, signedInUser }) => {
    const { project, category } = await seedProjectGround(page.request, { project: 'Mill Works', category: 'Gears' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Waterwheel' });
    const task = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Grease the axle' });
    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}`);
    await expect(history(page)).toHaveCount(1);

    // s opens the status picker; the arrows reach In Review; Enter picks it.
    await page.keyboard.press('s');
    await expect(page.getByRole('menuitemradio', { name: 'Todo' })).toHaveAttribute('aria-checked', 'true');
    const inReview = page.getByRole('menuitemradio', { name: 'In Review' });
    for (let step = 0; step < 8 && !(await inReview.evaluate((item) => item === document.activeElement)); step += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(inReview).toBeFocused();
    const saved = page.waitForRequest((request) => request.method() === 'PUT');
    await page.keyboard.press('Enter');
    expect((await saved).postDataJSON()).toEqual({ status: 'IN_REVIEW', version: 1 });
    await expect(toast(page, 'Task updated successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Status of Grease the axle: In Review. Change status' })).toBeFocused();
    await expect(history(page)).toHaveCount(2);
    await expect(history(page).first()).toContainText(`Status changed from TODO to IN_REVIEW by ${signedInUser.fullName}`);
    // Saved on the server: a reload shows the same.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Status of Grease the axle: In Review. Change status' })).toBeVisible();
  });

  test('the dashboard hides a completed todo until "Show completed (1)", and remembers the list layout', async ({ page, signedInUser: _ }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Water the plants', category: home._id });
    await seedTodo(page.request, { title: 'Pay the rent', category: home._id, status: 'COMPLETED' });
    await page.goto('/');
    await expect(todoTitles(page)).toHaveText(['Water the plants']);

    await page.getByRole('button', { name: 'Show completed (1)' }).click();
    await expect(todoTitles(page)).toHaveCount(2);
    await expect(page.getByRole('article', { name: 'Pay the rent' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide completed' }).click();
    await expect(todoTitles(page)).toHaveText(['Water the plants']);

    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/api/v1/users/me'));
    await page.getByRole('button', { name: 'List' }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('category-bar')).toHaveCount(0);
  });
});
