import { expect, test } from '../fixtures';
import { seedFeature, seedProjectGround, seedTask } from '../seed';

// Issue 19: say what blocks what on the task page, see "Blocked by" until the blocker is done.
test('a task blocked by another shows it on its page and its card, asks before starting, and is freed when the blocker completes', async ({ page, signedInUser }) => {
  void signedInUser;
  const { project, category } = await seedProjectGround(page.request, { project: 'Garden Shed' });
  const feature = await seedFeature(page.request, { projectId: project._id, title: 'Walls' });
  const blocker = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Pour the foundation' });
  const blocked = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Raise the walls' });

  await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task/${blocked._id}`);
  const relations = page.getByRole('region', { name: /Relations/ });
  await expect(relations.getByText('No related tasks')).toBeVisible();
  await relations.getByRole('combobox', { name: 'Task' }).fill('foundation');
  await relations.getByRole('option', { name: /Pour the foundation/ }).click();
  await relations.getByRole('button', { name: 'Add' }).click();
  await expect(relations.getByRole('list', { name: 'Blocked by' }).getByRole('link', { name: new RegExp(`${blocker.key}.*Pour the foundation`) })).toBeVisible();
  await expect(page.getByText(`Blocked by ${blocker.key}`).first()).toBeVisible();
  // The history says so.
  await expect(page.getByRole('list', { name: 'History' })).toContainText(`Marked as blocked by ${blocker.key} "Pour the foundation"`);

  // Starting it asks first.
  await page.getByRole('button', { name: /^Status of Raise the walls: Todo/ }).click();
  await page.getByRole('menuitemradio', { name: 'In Progress' }).click();
  const question = page.getByRole('alertdialog', { name: 'Start a blocked task?' });
  await expect(question).toContainText(`is blocked by ${blocker.key}, which is not finished yet`);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: /^Status of Raise the walls: Todo/ })).toBeVisible();

  // The blocker completed (on its own page): the badge goes from the blocked task's card.
  await relations.getByRole('link', { name: new RegExp(blocker.key) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pour the foundation' })).toBeVisible();
  await page.getByRole('button', { name: /^Status of Pour the foundation: Todo/ }).click();
  await page.getByRole('menuitemradio', { name: 'Completed', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Status of Pour the foundation: Completed/ })).toBeVisible();
  await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
  await page.getByRole('button', { name: 'Board' }).click();
  const card = page.getByTestId('board-card').filter({ hasText: 'Raise the walls' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Blocked by/)).toHaveCount(0);
});
