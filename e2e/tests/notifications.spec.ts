import { addMemberThroughApi, expect, registerThroughApi, signInElsewhere, test, uniqueUser } from '../fixtures';
import { seedFeature, seedProjectGround, seedTask, updateTaskThroughApi } from '../seed';

/** A notification reaches its recipient within a second or so; room for a loaded machine (seen past 10 s with two Chromiums and the server on two busy cores). */
const LIVE = { timeout: 20_000 };

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

test.describe('mentions', () => {
  test('A mentions B in a comment through the autocomplete; B opens it from the inbox and lands on the task', async ({ page, browser, baseURL, signedInUser }) => {
    const bobUser = uniqueUser();
    const bobId = await registerThroughApi(page.request, bobUser);
    const { project, category } = await seedProjectGround(page.request, { project: 'Carillon', category: 'Upkeep' });
    await addMemberThroughApi(page.request, project._id, bobId, 'MEMBER');
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Bells' });
    const task = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Polish the bells' });

    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}`);
    const box = page.getByLabel('Add a comment');
    await box.click();
    await box.pressSequentially(`Could you look, @${bobUser.username.slice(0, 8)}`);
    const options = page.getByRole('listbox', { name: 'Mention a member' });
    await options.getByRole('option', { name: new RegExp(bobUser.fullName) }).click();
    await expect(box).toHaveValue(`Could you look, @${bobUser.username} `);
    await page.getByRole('button', { name: 'Add Comment' }).click();
    await expect(box).toHaveValue('');

    const bob = await signInElsewhere(browser, baseURL, bobUser);
    await bob.page.goto('/inbox');
    const mention = bob.page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link', { name: new RegExp(`${signedInUser.fullName} mentioned you in a comment on “Polish the bells” in Carillon › Bells`) });
    await expect(mention).toBeVisible(LIVE);
    await mention.click();
    await expect(bob.page).toHaveURL(new RegExp(`/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}$`));
    await expect(bob.page.getByRole('heading', { level: 1, name: 'Polish the bells' })).toBeVisible();
    // The comment is there, and the notification is read now (the MEMBERSHIP one is left).
    await expect(bob.page.getByRole('list', { name: 'Comments' })).toContainText(`Could you look, @${bobUser.username}`);
    await expect(bob.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible(LIVE);
    await bob.context.close();
  });
});
