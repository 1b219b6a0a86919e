import { expect, test } from '../fixtures';
import { seedFeature, seedProjectGround, seedTask } from '../seed';

// Issue 18: a task's key (WEB-42) opens it at /t/WEB-42, and its page shows the key.
test('/t/{key} opens the task and leaves the task page in the address bar', async ({ page, signedInUser }) => {
  void signedInUser;
  const { project, category } = await seedProjectGround(page.request, { project: 'Key Lime Pie' });
  const feature = await seedFeature(page.request, { projectId: project._id, title: 'Crust' });
  const task = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Crush the biscuits' });
  expect(task.key).toMatch(/^[A-Z]{2,6}-1$/);

  await page.goto(`/t/${task.key.toLowerCase()}`);
  await expect(page).toHaveURL(`/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Crush the biscuits' })).toBeVisible();
  await expect(page.getByText(task.key).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Copy link to ${task.key}` })).toBeVisible();
});
