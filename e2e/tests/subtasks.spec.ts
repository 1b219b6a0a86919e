import { expect, test } from '../fixtures';
import { seedFeature, seedProjectGround, seedTask } from '../seed';

test.describe('subtasks', () => {
  test("add a subtask with just a title, tick it, and see the parent's progress on its page, its row and its card", async ({ page, signedInUser }) => {
    void signedInUser;
    const { project, category } = await seedProjectGround(page.request, { project: 'Launch Pad', category: 'Planning' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Release' });
    const parent = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Ship version 2' });
    await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Write notes', parentTaskId: parent._id });
    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task/${parent._id}`);

    const panel = page.getByRole('region', { name: 'Subtasks' });
    await expect(panel.getByText('0 of 1 done')).toBeVisible();
    await panel.getByLabel('New subtask').fill('Tag the release');
    await panel.getByRole('button', { name: 'Add subtask' }).click();
    await expect(panel.getByRole('link', { name: 'Tag the release' })).toBeVisible();
    await expect(panel.getByText('0 of 2 done')).toBeVisible();

    await panel.getByRole('checkbox', { name: 'Complete Tag the release' }).check();
    await expect(panel.getByText('1 of 2 done')).toBeVisible();
    await expect(page.getByTestId('subtask-progress')).toContainText('1 of 2 done');
    // The parent's history says what happened.
    await expect(page.getByRole('list', { name: 'History' })).toContainText('Added subtask');

    // The feature's table: the parent's progress, the subtask marked with a link to its parent.
    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
    const parentRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Ship version 2', exact: true }) });
    await expect(parentRow).toContainText('1 of 2 done');
    const subtaskRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Tag the release', exact: true }) });
    await expect(subtaskRow.getByRole('link', { name: /Subtask of/ })).toHaveAttribute('href', new RegExp(`/task/${parent._id}$`));

    // The board: the parent's card shows its progress; a subtask's card links to its parent.
    await page.getByRole('button', { name: 'Board' }).click();
    await expect(page.getByTestId('board-card').filter({ hasText: 'Ship version 2' })).toContainText('1 of 2 done');
    await page.getByTestId('board-card').filter({ hasText: 'Tag the release' }).getByRole('link', { name: /Subtask of/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ship version 2' })).toBeVisible();
  });
});
