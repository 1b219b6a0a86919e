import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures';
import { listTodos, localDate, seedCategory } from '../seed';

const card = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const dialog = (page: Page) => page.getByRole('dialog');
const shortDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

test('a weekly todo: made in the form, completed with a tick, and the next one is there a week later', async ({ page, signedInUser: _ }) => {
  await seedCategory(page.request, { name: 'Chores' });
  // The coming Monday (a week today when today is Monday).
  const daysToMonday = ((8 - new Date().getDay()) % 7) || 7;
  const due = localDate(daysToMonday);
  const next = localDate(daysToMonday + 7);

  await page.goto('/');
  await page.getByRole('button', { name: 'Create Todo' }).first().click();
  await dialog(page).getByLabel('Title').fill('Take the bins out');
  await dialog(page).getByLabel('Due date').fill(due);
  await dialog(page).getByLabel('Category').selectOption({ label: 'Chores' });
  await dialog(page).getByLabel('Repeat').selectOption({ label: 'Weekly on chosen days' });
  await expect(dialog(page).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  await expect(dialog(page).getByText(`Next occurrence: ${shortDate(next)}`)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Create Todo' }).click();
  await expect(toast(page, 'Todo created successfully')).toBeVisible();

  const first = card(page, 'Take the bins out');
  await expect(first).toContainText('Repeats weekly on Monday');
  await expect(first).toContainText(shortDate(due));
  await first.getByRole('checkbox', { name: 'Mark as complete: Take the bins out' }).check();

  // The completed one leaves the default view; the next one, a week later, is pending in its place.
  await expect(card(page, 'Take the bins out')).toHaveCount(1);
  await expect(card(page, 'Take the bins out')).toContainText(shortDate(next));
  await expect(card(page, 'Take the bins out')).toContainText('Repeats weekly on Monday');
  await expect(card(page, 'Take the bins out').getByRole('checkbox', { name: 'Mark as complete: Take the bins out' })).not.toBeChecked();

  const stored = (await listTodos(page.request)).filter((todo) => todo.title === 'Take the bins out');
  expect(stored.map((todo) => [todo.status, todo.dueDate]).sort()).toEqual([
    ['COMPLETED', `${due}T00:00:00.000Z`],
    ['PENDING', `${next}T00:00:00.000Z`],
  ]);
});
