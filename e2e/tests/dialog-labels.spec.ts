import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { seedCategory, seedFeature, seedProjectGround, seedTask, seedTodo } from '../seed';

/**
 * With a dialog open, each of its fields is the one thing on the page called by its label: the
 * filters, pickers, badges and searches behind it ("Status", "Filter by status", "Status of ...:
 * Change status", a card's "Tags") step aside, so `page.getByLabel('Status')` is the dialog's
 * field, as a person reading the dialog means it. Closed, the page's own labels are back.
 */
async function expectOnlyTheDialogAnswers(page: Page, dialog: Locator, labels: readonly string[]) {
  await expect(dialog.getByLabel(labels[0]!).first()).toBeVisible();
  for (const label of labels) {
    const inDialog = await dialog.getByLabel(label).count();
    expect(inDialog, `the dialog has a field labelled ${label}`).toBeGreaterThan(0);
    await expect(page.getByLabel(label), `only the dialog answers to ${label}`).toHaveCount(inDialog);
  }
}

test('a dialog\'s fields are the only things on the page by their labels while it is open', async ({ page, signedInUser: _ }) => {
  // The todos dashboard: filters called Status, Priority and Category, and a card with tags and a star.
  const home = await seedCategory(page.request, { name: 'Home' });
  await seedTodo(page.request, { title: 'Water the ferns', category: home._id, tags: ['garden'], isToday: true });
  await page.goto('/');
  await expect(page.getByRole('article', { name: 'Water the ferns' }).getByRole('list', { name: 'Tags' })).toBeVisible();
  await page.getByRole('list', { name: 'Todos' }).getByRole('button', { name: 'Edit todo: Water the ferns' }).click();
  const todoDialog = page.getByRole('dialog', { name: 'Edit Todo' });
  await expectOnlyTheDialogAnswers(page, todoDialog, ['Title', 'Description', 'Status', 'Priority', 'Due date', 'Category', 'Tags', 'Repeat', "Today's focus"]);
  await page.getByLabel('Priority').selectOption('HIGH');
  await page.getByLabel('Tags').fill('garden, weekly');
  await todoDialog.getByRole('button', { name: 'Update Todo' }).click();
  await expect(todoDialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Water the ferns' });
  await expect(card).toContainText('High');
  await expect(card.getByRole('list', { name: 'Tags' })).toContainText('weekly');
  // Closed: the filter is Status again, and the star its name.
  await expect(page.getByRole('group', { name: 'Filters' }).getByLabel('Status', { exact: true })).toHaveCount(1);
  await expect(card.getByRole('img', { name: "Today's focus" })).toBeVisible();

  // A feature's tasks: a status filter, and a status, priority and assignee picker on each row.
  const { project, category } = await seedProjectGround(page.request, { project: 'Label Works', category: 'Gears' });
  const feature = await seedFeature(page.request, { projectId: project._id, title: 'Escapement' });
  await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Cut the pallets' });
  await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
  await expect(page.getByRole('button', { name: /^Status of Cut the pallets/ })).toBeVisible();
  await page.getByRole('button', { name: 'Create Task' }).first().click();
  const taskDialog = page.getByRole('dialog', { name: 'Create Task' });
  await expectOnlyTheDialogAnswers(page, taskDialog, ['Title', 'Description', 'Category', 'Assignee', 'Status', 'Priority', 'Due Date', 'Tags']);
  await page.keyboard.press('Escape');
  await expect(taskDialog).toBeHidden();
  await expect(page.getByLabel(/^Status of Cut the pallets/)).toHaveCount(1);

  // The project's features: status and priority filters.
  await page.goto(`/dashboard/projects/${project._id}`);
  await page.getByRole('button', { name: 'Create Feature' }).first().click();
  const featureDialog = page.getByRole('dialog', { name: 'Create Feature' });
  await expectOnlyTheDialogAnswers(page, featureDialog, ['Title', 'Description', 'Status', 'Priority', 'Due Date', 'Estimated Hours']);
});
