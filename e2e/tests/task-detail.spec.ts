import type { Page } from '@playwright/test';
import { addMemberThroughApi, expect, registerThroughApi, signInElsewhere, test, toast, uniqueUser } from '../fixtures';
import { seedComment, seedFeature, seedProjectGround, seedTask, updateTaskThroughApi } from '../seed';

const history = (page: Page) => page.getByRole('list', { name: 'History' }).getByRole('listitem');
const comments = (page: Page) => page.getByRole('list', { name: 'Comments' }).getByRole('listitem');

/** A task to open: the signed-in user's project, feature and TASK category. */
async function taskToOpen(page: Page, overrides: Record<string, unknown> = {}) {
  const { project, category } = await seedProjectGround(page.request, { project: 'Engine Works', category: 'Mechanics' });
  const feature = await seedFeature(page.request, { projectId: project._id, title: 'Gearbox' });
  const task = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Cut the gears', ...overrides });
  return { project, feature, category, task, url: `/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}` };
}

test.describe('task detail', () => {
  test('every field with its fallback, edit status and hours, the history lines, and a comment', async ({ page, signedInUser }) => {
    const { task, url, project } = await taskToOpen(page);
    await page.goto(url);
    const me = signedInUser.fullName;

    await expect(page.getByText('Gearbox', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Cut the gears' })).toBeVisible();
    await expect(page.getByText(task._id)).toBeVisible();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(page.getByText('No description provided')).toBeVisible();
    await expect(details).toContainText('Todo');
    await expect(details).toContainText('Medium');
    await expect(details).toContainText('Unassigned');
    await expect(details).toContainText('Mechanics');
    await expect(details).toContainText('Not set');
    await expect(details).toContainText('No tags');
    await expect(history(page)).toHaveCount(1);
    await expect(history(page).first()).toContainText(`Created with status TODO and priority MEDIUM by ${me}`);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Engine Works' })).toHaveAttribute(
      'href',
      `/dashboard/projects/${project._id}`,
    );

    // Edit mode: Save and Cancel replace Edit; Cancel leaves nothing changed.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await page.getByLabel('Title').fill('Something else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cut the gears' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Cut the gears');
    await page.getByLabel('Status').selectOption('IN_PROGRESS');
    await page.getByLabel('Estimated Hours').fill('8');
    await page.getByLabel('Actual Hours').fill('3');
    await page.getByLabel('Due Date').fill('2031-03-02');
    const saved = page.waitForRequest((request) => request.method() === 'PUT');
    await page.getByRole('button', { name: 'Save' }).click();
    // Only what changed, with the version read.
    expect((await saved).postDataJSON()).toEqual({ status: 'IN_PROGRESS', estimatedHours: 8, actualHours: 3, dueDate: '2031-03-02', version: 1 });
    await expect(toast(page, 'Task updated successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(details).toContainText('In Progress');
    await expect(details).toContainText('8 hours');
    await expect(details).toContainText('3 hours');
    await expect(details).toContainText('Mar 2, 2031');

    // One line per change, newest first (entries of one save share a time; the oldest is last).
    await expect(history(page)).toHaveCount(5);
    await expect(history(page).last()).toContainText(`Created with status TODO and priority MEDIUM by ${me}`);
    for (const line of [
      `Status changed from TODO to IN_PROGRESS by ${me}`,
      `Estimated hours changed from Not set to 8 by ${me}`,
      `Actual hours changed from Not set to 3 by ${me}`,
      `Due date changed from Not set to Mar 2, 2031 by ${me}`,
    ]) {
      await expect(page.getByRole('list', { name: 'History' })).toContainText(line);
    }

    // Comments: the button waits for text; your own comment is right-aligned.
    const panel = page.getByRole('region', { name: /^Comments/ });
    await expect(panel.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
    await expect(panel.getByText('No comments yet')).toBeVisible();
    const send = panel.getByRole('button', { name: 'Add Comment' });
    await expect(send).toBeDisabled();
    await panel.getByLabel('Add a comment').fill('   ');
    await expect(send).toBeDisabled();
    await panel.getByLabel('Add a comment').fill('Gears cut, teeth need polishing.');
    await send.click();
    await expect(toast(page, 'Comment added successfully')).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(panel.getByLabel('Add a comment')).toHaveValue('');
    const mine = comments(page).first();
    await expect(mine).toContainText('Gears cut, teeth need polishing.');
    await expect(mine).toHaveCSS('flex-direction', 'row-reverse');
    const bubble = await mine.getByText('Gears cut, teeth need polishing.').boundingBox();
    const list = await page.getByRole('list', { name: 'Comments' }).boundingBox();
    expect(bubble!.x + bubble!.width).toBeGreaterThan(list!.x + list!.width - 60);

    // Still there after a reload: it is the server's.
    await page.reload();
    await expect(panel.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(history(page)).toHaveCount(5);
  });

  test('blocking with a reason; Save stays in edit mode when the server refuses, and a stale save keeps the edits on the latest version', async ({
    page,
    signedInUser,
  }) => {
    // No live updates here: the other save is only discovered by the 409 (live.spec.ts covers the live path).
    await page.route('**/api/v1/events**', (route) => route.abort());
    const { task, url } = await taskToOpen(page, { description: 'Twelve teeth each.' });
    await page.goto(url);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Status').selectOption('BLOCKED');
    await page.getByLabel('Blocked Reason').fill('Waiting for the brass');
    await page.getByLabel('Estimated Hours').fill('1.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Estimated hours must be a whole number from 0 to 10000')).toBeVisible();
    await page.getByLabel('Estimated Hours').fill('');

    // Someone else saves first: this save is refused (409) and stays in edit mode; the form takes
    // the latest version where this person changed nothing, and keeps what they changed.
    await updateTaskThroughApi(page.request, task._id, { title: 'Cut the gears (brass)' });
    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Someone else changed this task.' });
    await expect(notice).toContainText('Here is the latest version; your changes are kept in the form. Save again to apply them.');
    await expect(notice.getByRole('list', { name: 'Their changes' })).toHaveText('Title: "Cut the gears (brass)"');
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Cut the gears (brass)');
    await expect(page.getByLabel('Status')).toHaveValue('BLOCKED');
    await expect(page.getByLabel('Blocked Reason')).toHaveValue('Waiting for the brass');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Task updated successfully')).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Blocked: Waiting for the brass');
    await expect(page.getByRole('list', { name: 'History' })).toContainText(`Blocked: Waiting for the brass by ${signedInUser.fullName}`);
    await expect(page.getByRole('list', { name: 'History' })).toContainText(
      `Updated title from "Cut the gears" to "Cut the gears (brass)" by ${signedInUser.fullName}`,
    );

    // A server failure keeps the edits on screen.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.route('**/api/v1/tasks/*', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
    await page.getByLabel('Title').fill('Will not stick');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Failed to update task')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Will not stick');
  });

  test('a VIEWER sees no edit controls but comments; each sees their own comments on the right', async ({ page, browser, baseURL, signedInUser }) => {
    const viewer = uniqueUser();
    const viewerId = await registerThroughApi(page.request, viewer);
    const { project, task, url } = await taskToOpen(page);
    await addMemberThroughApi(page.request, project._id, viewerId, 'VIEWER');
    await seedComment(page.request, task._id, 'Please check the ratios.');

    const other = await signInElsewhere(browser, baseURL, viewer);
    await other.page.goto(url);
    await expect(other.page.getByRole('heading', { level: 1, name: 'Cut the gears' })).toBeVisible();
    await expect(other.page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(comments(other.page).first()).toContainText(signedInUser.fullName);
    await expect(comments(other.page).first()).toHaveCSS('flex-direction', 'row');
    await other.page.getByLabel('Add a comment').fill('Ratios look right to me.');
    await other.page.getByLabel('Add a comment').press('Control+Enter');
    await expect(toast(other.page, 'Comment added successfully')).toBeVisible();
    await expect(other.page.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
    await expect(comments(other.page).last()).toHaveCSS('flex-direction', 'row-reverse');
    await other.context.close();

    // The author sees it the other way round, oldest first.
    await page.goto(url);
    await expect(comments(page)).toHaveCount(2);
    await expect(comments(page).first()).toHaveCSS('flex-direction', 'row-reverse');
    await expect(comments(page).last()).toContainText(viewer.fullName);
    await expect(comments(page).last()).toHaveCSS('flex-direction', 'row');
  });

  test('a Markdown comment (and description) is rendered safely; its author edits it, sees "edited", and deletes it', async ({ page, signedInUser: _ }) => {
    const { url } = await taskToOpen(page, { description: 'Needs **care**: [specs](https://example.com/specs)' });
    await page.goto(url);
    const description = page.getByRole('region', { name: 'Description' });
    await expect(description.locator('strong')).toHaveText('care');
    await expect(description.getByRole('link', { name: 'specs' })).toHaveAttribute('rel', 'noopener noreferrer');

    const panel = page.getByRole('region', { name: /^Comments/ });
    await panel
      .getByLabel('Add a comment')
      .fill('Ship **it**:\n- polish\n- oil\n\nSee [notes](https://example.com/notes) <script>window.hacked = 1</script> [x](javascript:window.hacked=2)');
    await panel.getByRole('button', { name: 'Add Comment' }).click();
    const mine = comments(page).first();
    await expect(mine.locator('strong')).toHaveText('it');
    await expect(mine.getByRole('listitem')).toHaveText(['polish', 'oil']);
    const link = mine.getByRole('link', { name: 'notes' });
    await expect(link).toHaveAttribute('href', 'https://example.com/notes');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The script is text, the javascript: link has no address.
    await expect(mine).toContainText('<script>window.hacked = 1</script>');
    await expect(mine.locator('script')).toHaveCount(0);
    await expect(mine.locator('a')).toHaveCount(1);
    await expect(mine).toContainText('notes <script>window.hacked = 1</script> x');
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await expect(mine.getByText('edited')).toHaveCount(0);

    await mine.getByRole('button', { name: 'Edit comment' }).click();
    await page.getByLabel('Edit comment').fill('Shipped *today*');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(mine.locator('em')).toHaveText('today');
    await expect(mine.getByText('edited')).toBeVisible();
    await page.reload();
    await expect(comments(page).first().getByText('edited')).toBeVisible();

    await comments(page).first().getByRole('button', { name: 'Delete comment' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete comment' });
    await expect(confirm).toContainText('Are you sure you want to delete this comment? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(panel.getByText('No comments yet')).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  });

  test('a missing task and a stranger see Task not found', async ({ page, browser, baseURL, signedInUser: _ }) => {
    const stranger = uniqueUser();
    await registerThroughApi(page.request, stranger);
    const { project, feature, url } = await taskToOpen(page);
    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole('heading', { name: 'Task not found' })).toBeVisible();

    const other = await signInElsewhere(browser, baseURL, stranger);
    await other.page.goto(url);
    await expect(other.page.getByRole('heading', { name: 'Task not found' })).toBeVisible();
    await expect(other.page.getByText('Cut the gears')).toHaveCount(0);
    await other.context.close();
  });
});
