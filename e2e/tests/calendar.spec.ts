import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures';
import { seedCategory, seedFeature, seedProjectGround, seedTask } from '../seed';

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

  test('open a day with the keyboard and add a todo and a task due that day', async ({ page, signedInUser: _ }) => {
    const { project, category } = await seedProjectGround(page.request, { project: 'Harbour', category: 'Rigging' });
    await seedFeature(page.request, { projectId: project._id, title: 'Sails' });
    await seedCategory(page.request, { name: 'Errands', type: 'TODO' });

    await page.goto('/calendar?date=2031-05-14');
    await expect(page.getByTestId('calendar-title')).toHaveText('May 2031');
    await page.getByRole('gridcell', { name: /Wednesday, May 14, 2031/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('gridcell', { name: /Thursday, May 15, 2031/ })).toBeFocused();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Thursday, May 15, 2031' });
    await expect(panel).toContainText('Nothing is due on this day.');

    await panel.getByRole('button', { name: 'New todo' }).click();
    const todoForm = page.getByRole('dialog', { name: 'Create Todo' });
    await expect(todoForm.getByLabel('Due date')).toHaveValue('2031-05-15');
    await todoForm.getByLabel('Title').fill('Buy rope');
    await todoForm.getByLabel('Category').selectOption({ label: 'Errands' });
    await todoForm.getByRole('button', { name: 'Create Todo' }).click();
    await expect(day(page, '2031-05-15').getByTestId('calendar-item').filter({ hasText: 'Buy rope' })).toBeVisible();

    await day(page, '2031-05-15').click({ position: { x: 8, y: 60 } });
    await page.getByRole('dialog', { name: 'Thursday, May 15, 2031' }).getByRole('button', { name: 'New task' }).click();
    const place = page.getByRole('dialog', { name: 'New task' });
    await expect(place.getByLabel('Project')).toHaveValue(project._id);
    await expect(place.getByLabel('Feature')).toContainText('Sails');
    await place.getByRole('button', { name: 'Continue' }).click();
    const taskForm = page.getByRole('dialog', { name: 'Create Task' });
    await expect(taskForm.getByLabel('Due Date')).toHaveValue('2031-05-15');
    await taskForm.getByLabel('Title').fill('Mend the jib');
    await taskForm.getByLabel('Category').selectOption({ label: category.name });
    await taskForm.getByRole('button', { name: 'Create Task' }).click();
    await expect(toast(page, 'Task created successfully')).toBeVisible();
    // Not assigned to anyone: it shows on the project's calendar.
    await page.getByRole('combobox', { name: 'Whose tasks' }).selectOption({ label: 'All of Harbour' });
    await expect(day(page, '2031-05-15').getByTestId('calendar-item').filter({ hasText: 'Mend the jib' })).toBeVisible();
  });
});
