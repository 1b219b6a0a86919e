import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures';
import { seedFeature, seedProjectGround, seedTask } from '../seed';

const day = (page: Page, date: string) => page.locator(`[role="gridcell"][data-day="${date}"]`);

test.describe('calendar', () => {
  test('drag a task to another day: its due date changes, with its history', async ({ page, signedInUser: _ }) => {
    const me = ((await (await page.request.get('/api/v1/users/me')).json()) as { data: { _id: string } }).data._id;
    const { project, category } = await seedProjectGround(page.request, { project: 'Observatory', category: 'Optics' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Telescope' });
    const task = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, assigneeId: me, title: 'Grind the mirror', dueDate: '2031-03-10' });

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await page.goto('/calendar?date=2031-03-10');
    await expect(page.getByTestId('calendar-title')).toHaveText('March 2031');
    const chip = day(page, '2031-03-10').getByTestId('calendar-item').filter({ hasText: 'Grind the mirror' });
    await expect(chip).toBeVisible();

    // Dragged with the mouse onto Thursday the 13th, the week in the middle of the screen.
    await day(page, '2031-03-10').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const from = (await chip.boundingBox())!;
    const to = (await day(page, '2031-03-13').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 8, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();

    await expect(day(page, '2031-03-13').getByTestId('calendar-item').filter({ hasText: 'Grind the mirror' })).toBeVisible();
    await expect(day(page, '2031-03-10').getByTestId('calendar-item')).toHaveCount(0);
    await expect(toast(page, 'Moved "Grind the mirror" to Thursday, March 13, 2031')).toBeVisible();

    // The task's page says so, and its history too.
    await day(page, '2031-03-13').getByRole('link', { name: /Grind the mirror/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Grind the mirror' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'History' })).toContainText('Due date changed from Mar 10, 2031 to Mar 13, 2031');
    const saved = ((await (await page.request.get(`/api/v1/tasks/${task._id}`)).json()) as { data: { dueDate: string; version: number } }).data;
    expect(saved.dueDate).toBe('2031-03-13T00:00:00.000Z');
  });
});
