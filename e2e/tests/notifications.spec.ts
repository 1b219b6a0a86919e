import { addMemberThroughApi, expect, registerThroughApi, signInElsewhere, test, uniqueUser } from '../fixtures';
import { seedFeature, seedProjectGround, seedTask, updateTaskThroughApi } from '../seed';

/** A notification reaches its recipient within a second or so; room for a loaded machine. */
const LIVE = { timeout: 10_000 };

test.describe('notifications', () => {
  test('A assigns a task to B: B’s bell rises live, and opening the notification lands on the task', async ({ page, browser, baseURL, signedInUser }) => {
    void signedInUser;
    const bobUser = uniqueUser();
    const bobId = await registerThroughApi(page.request, bobUser);
    const bob = await signInElsewhere(browser, baseURL, bobUser);
    const { project, category } = await seedProjectGround(page.request, { project: 'Bell Foundry', category: 'Casting' });
    await addMemberThroughApi(page.request, project._id, bobId, 'MEMBER');
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Tuning' });
    const task = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Tune the tenor bell' });

    await bob.page.goto('/');
    // Bob was told he joined the project.
    await expect(bob.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible(LIVE);

    await updateTaskThroughApi(page.request, task._id, { assigneeId: bobId });
    const bell = bob.page.getByRole('button', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible(LIVE);

    await bell.click();
    const panel = bob.page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /assigned you “Tune the tenor bell” in Bell Foundry › Tuning/ }).click();
    await expect(bob.page).toHaveURL(new RegExp(`/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}$`));
    await expect(bob.page.getByRole('heading', { level: 1, name: 'Tune the tenor bell' })).toBeVisible();
    await expect(bob.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible(LIVE);
    // He watches it now (he is its assignee).
    await expect(bob.page.getByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
    await bob.context.close();
  });
});
