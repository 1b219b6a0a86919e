import type { Page } from '@playwright/test';
import { addMemberThroughApi, expect, registerThroughApi, signInElsewhere, test, toast, uniqueUser } from '../fixtures';
import { seedCategory, seedFeature, seedProjectGround, seedTask, updateTaskThroughApi } from '../seed';

/**
 * Live changes arrive within a second (about 150 ms here, see docs/live.md); this leaves room
 * for a loaded machine without asserting timings.
 */
const LIVE = { timeout: 5_000 };

const column = (page: Page, status: string) => page.getByTestId(`board-column-${status}`);
const card = (page: Page, status: string, title: string) => column(page, status).getByTestId('board-card').filter({ hasText: title });

/** Records every event the page's own stream receives (as a stranger's browser would). */
async function listenForEvents(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const seen: string[] = [];
        (window as unknown as { seenEvents: string[] }).seenEvents = seen;
        const source = new EventSource('/api/v1/events');
        source.addEventListener('message', (event) => seen.push(event.data as string));
        source.addEventListener('ready', () => resolve());
      }),
  );
  return () => page.evaluate(() => (window as unknown as { seenEvents: string[] }).seenEvents);
}

/** A project of the signed-in page's user with `mate` as a MEMBER, a feature and a TASK category of each. */
async function sharedFeature(page: Page, mate: { id: string; page: Page }) {
  const { project, category } = await seedProjectGround(page.request, { project: 'Live Orrery', category: 'Brasswork' });
  await addMemberThroughApi(page.request, project._id, mate.id, 'MEMBER');
  const feature = await seedFeature(page.request, { projectId: project._id, title: 'Gear train' });
  const mateCategory = await seedCategory(mate.page.request, { name: 'Mate work', type: 'TASK' });
  return { project, feature, category, mateCategory, url: `/dashboard/projects/${project._id}/features/${feature._id}/task` };
}

test.describe('live collaboration', () => {
  test('two members see each other create, move, edit and comment, with no reload; a stranger hears nothing', async ({
    page,
    browser,
    baseURL,
    signedInUser,
  }) => {
    void signedInUser;
    const mateUser = uniqueUser();
    const mateId = await registerThroughApi(page.request, mateUser);
    const mate = await signInElsewhere(browser, baseURL, mateUser);
    const strangerUser = uniqueUser();
    await registerThroughApi(page.request, strangerUser);
    const stranger = await signInElsewhere(browser, baseURL, strangerUser);
    const ground = await sharedFeature(page, { id: mateId, page: mate.page });

    await stranger.page.goto('/');
    const strangerEvents = await listenForEvents(stranger.page);

    // Both on the feature's board.
    for (const member of [page, mate.page]) {
      await member.goto(ground.url);
      await member.getByRole('button', { name: 'Board' }).click();
      await expect(member.getByRole('region', { name: 'Task board' })).toBeVisible();
    }

    // Created in one browser: on the other's board.
    await page.getByRole('button', { name: 'Create Task' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    await dialog.getByLabel('Title').fill('Cut the escapement');
    await dialog.getByLabel('Category').selectOption({ label: 'Brasswork' });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(card(mate.page, 'TODO', 'Cut the escapement')).toBeVisible(LIVE);

    // Moved on the other's board with the mouse, by its handle: in the first browser's column at once.
    // (The card's middle may fall on its priority picker, which opens on a press rather than dragging.)
    const from = await card(mate.page, 'TODO', 'Cut the escapement').getByRole('button', { name: 'Move Cut the escapement', exact: true }).boundingBox();
    const to = await column(mate.page, 'IN_PROGRESS').boundingBox();
    await mate.page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await mate.page.mouse.down();
    await mate.page.mouse.move(from!.x + from!.width / 2 + 12, from!.y + from!.height / 2 + 12, { steps: 4 });
    await mate.page.mouse.move(to!.x + to!.width / 2, to!.y + 40, { steps: 12 });
    await mate.page.mouse.up();
    await expect(card(mate.page, 'IN_PROGRESS', 'Cut the escapement')).toBeVisible();
    await expect(card(page, 'IN_PROGRESS', 'Cut the escapement')).toBeVisible(LIVE);
    await expect(column(page, 'TODO').getByTestId('board-card')).toHaveCount(0);

    // Both open the task; an edit and a comment in one show in the other.
    await card(page, 'IN_PROGRESS', 'Cut the escapement').getByRole('link').click();
    await card(mate.page, 'IN_PROGRESS', 'Cut the escapement').getByRole('link').click();
    await expect(mate.page.getByRole('heading', { level: 1, name: 'Cut the escapement' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Title').fill('Cut the escapement wheel');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(mate.page.getByRole('heading', { level: 1, name: 'Cut the escapement wheel' })).toBeVisible(LIVE);
    await expect(mate.page.getByRole('list', { name: 'History' })).toContainText('Updated title', LIVE);

    await mate.page.getByLabel('Add a comment').fill('Fifteen teeth, please.');
    await mate.page.getByRole('button', { name: 'Add Comment' }).click();
    await expect(page.getByRole('list', { name: 'Comments' })).toContainText('Fifteen teeth, please.', LIVE);

    // The members' streams carried all of that; the stranger's carried none of it.
    expect(await strangerEvents()).toEqual([]);
    await Promise.all([mate.context.close(), stranger.context.close()]);
  });

  test('someone else saving while a task is being edited: the form takes their change and keeps the edits', async ({
    page,
    browser,
    baseURL,
    signedInUser,
  }) => {
    const mateUser = uniqueUser();
    const mateId = await registerThroughApi(page.request, mateUser);
    const mate = await signInElsewhere(browser, baseURL, mateUser);
    const ground = await sharedFeature(page, { id: mateId, page: mate.page });
    const task = await seedTask(page.request, { featureId: ground.feature._id, categoryId: ground.category._id, title: 'Oil the pinions' });
    const taskUrl = `${ground.url}/${task._id}`;

    await page.goto(taskUrl);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Description').fill('Clock oil only.');
    await page.getByLabel('Priority').selectOption('URGENT');

    // The mate saves a new status and priority meanwhile, in their browser.
    await mate.page.goto(taskUrl);
    await mate.page.getByRole('button', { name: 'Edit', exact: true }).click();
    await mate.page.getByLabel('Status').selectOption('IN_PROGRESS');
    await mate.page.getByLabel('Priority').selectOption('LOW');
    await mate.page.getByRole('button', { name: 'Save' }).click();
    await expect(mate.page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();

    // Without a reload: their status is in the form, and this person's description and priority stay.
    const notice = page.getByRole('alert').filter({ hasText: 'Someone else changed this task.' });
    await expect(notice).toBeVisible(LIVE);
    await expect(notice.getByRole('list', { name: 'Their changes' })).toContainText('Status: In Progress');
    await expect(notice.getByRole('list', { name: 'Their changes' })).toContainText('Priority: Low (you changed it too: yours is kept)');
    await expect(page.getByLabel('Status')).toHaveValue('IN_PROGRESS');
    await expect(page.getByLabel('Priority')).toHaveValue('URGENT');
    await expect(page.getByLabel('Description')).toHaveValue('Clock oil only.');

    await page.getByRole('button', { name: 'Save' }).click();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details).toContainText('In Progress');
    await expect(details).toContainText('Urgent');
    await expect(page.getByText('Clock oil only.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'History' })).toContainText(`Priority changed from LOW to URGENT by ${signedInUser.fullName}`);
    await mate.context.close();
  });

  test("the table too: another member's new task, edit and deletion show without a reload", async ({ page, browser, baseURL, signedInUser }) => {
    void signedInUser;
    const mateUser = uniqueUser();
    const mateId = await registerThroughApi(page.request, mateUser);
    const mate = await signInElsewhere(browser, baseURL, mateUser);
    const ground = await sharedFeature(page, { id: mateId, page: mate.page });
    await page.goto(ground.url);
    await expect(page.getByText('No tasks found')).toBeVisible();

    const task = await seedTask(mate.page.request, { featureId: ground.feature._id, categoryId: ground.mateCategory._id, title: 'Gild the hands' });
    const table = page.getByRole('table', { name: 'Tasks' });
    await expect(table.getByRole('link', { name: 'Gild the hands', exact: true })).toBeVisible(LIVE);
    await expect(page.getByText('1 task', { exact: true })).toBeVisible();

    await updateTaskThroughApi(mate.page.request, task._id, { title: 'Gild the hour hand', priority: 'URGENT' });
    const row = table.getByRole('row').filter({ hasText: 'Gild the hour hand' });
    await expect(row).toContainText('Urgent', LIVE);

    // A MEMBER may delete the tasks they created.
    const deleted = await mate.page.request.delete(`/api/v1/tasks/${task._id}`);
    expect(deleted.status()).toBe(200);
    await expect(page.getByText('No tasks found')).toBeVisible(LIVE);
    await mate.context.close();
  });

  test('a change made while the page was still opening its live stream shows too, with no reload', async ({ page, browser, baseURL, signedInUser }) => {
    void signedInUser;
    const mateUser = uniqueUser();
    const mateId = await registerThroughApi(page.request, mateUser);
    const mate = await signInElsewhere(browser, baseURL, mateUser);
    const ground = await sharedFeature(page, { id: mateId, page: mate.page });
    const task = await seedTask(page.request, { featureId: ground.feature._id, categoryId: ground.category._id, title: 'Oil the pivots' });

    // The live client loads after the first screen: hold its stream until the change is made,
    // as a slow network or a busy page would.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await mate.page.route('**/api/v1/events**', async (route) => {
      await held;
      await route.continue();
    });
    const streamAsked = mate.page.waitForRequest('**/api/v1/events**');
    await mate.page.goto(ground.url);
    const table = mate.page.getByRole('table', { name: 'Tasks' });
    await expect(table.getByRole('link', { name: 'Oil the pivots', exact: true })).toBeVisible();
    await streamAsked;

    await updateTaskThroughApi(page.request, task._id, { title: 'Oil the pivots twice' });
    release();
    await expect(table.getByRole('link', { name: 'Oil the pivots twice', exact: true })).toBeVisible(LIVE);
    await mate.context.close();
  });

  test('a move the server refuses puts the card back and says why', async ({ page, browser, baseURL, signedInUser }) => {
    void signedInUser;
    const mateUser = uniqueUser();
    const mateId = await registerThroughApi(page.request, mateUser);
    const mate = await signInElsewhere(browser, baseURL, mateUser);
    const ground = await sharedFeature(page, { id: mateId, page: mate.page });
    await seedTask(page.request, { featureId: ground.feature._id, categoryId: ground.category._id, title: 'Wind the mainspring' });

    // The mate's board, with live updates cut off: it does not learn of the role change below.
    await mate.page.route('**/api/v1/events**', (route) => route.abort());
    await mate.page.goto(ground.url);
    await mate.page.getByRole('button', { name: 'Board' }).click();
    await expect(card(mate.page, 'TODO', 'Wind the mainspring')).toBeVisible();
    const demoted = await page.request.put(`/api/v1/projects/${ground.project._id}/members/${mateId}`, { data: { role: 'VIEWER' } });
    expect(demoted.status()).toBe(200);

    const moved = mate.page.waitForResponse((response) => response.url().endsWith('/move'));
    await mate.page.getByRole('button', { name: 'Move Wind the mainspring', exact: true }).focus();
    await mate.page.keyboard.press('Space');
    await expect(mate.page.getByRole('status').filter({ hasText: 'Wind the mainspring is over Todo' })).toBeAttached();
    await mate.page.keyboard.press('ArrowRight');
    await expect(mate.page.getByRole('status').filter({ hasText: 'Wind the mainspring is over In Progress' })).toBeAttached();
    await mate.page.keyboard.press('Space');
    expect((await moved).status()).toBe(403);
    await expect(toast(mate.page, 'Only members, moderators and admins can create and edit tasks')).toBeVisible();
    await expect(card(mate.page, 'TODO', 'Wind the mainspring')).toBeVisible();
    await expect(column(mate.page, 'IN_PROGRESS').getByTestId('board-card')).toHaveCount(0);
    await mate.context.close();
  });

  test('the board: a card moved with the keyboard keeps its place after a reload; a VIEWER can look but not move', async ({
    page,
    browser,
    baseURL,
    signedInUser,
  }) => {
    void signedInUser;
    const viewerUser = uniqueUser();
    const viewerId = await registerThroughApi(page.request, viewerUser);
    const { project, category } = await seedProjectGround(page.request, { project: 'Board Works' });
    await addMemberThroughApi(page.request, project._id, viewerId, 'VIEWER');
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Dials' });
    for (const title of ['Paint the dial', 'Cut the hands', 'Set the numerals']) {
      const description = title === 'Paint the dial' ? 'Enamel, then bake' : '';
      await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title, description, tags: ['dial'], priority: 'HIGH' });
    }
    const url = `/dashboard/projects/${project._id}/features/${feature._id}/task`;
    await page.goto(url);
    await page.getByRole('button', { name: 'Board' }).click();
    const titles = (status: string) => column(page, status).getByTestId('board-card').getByRole('link');
    await expect(titles('TODO')).toHaveText(['Set the numerals', 'Cut the hands', 'Paint the dial']);
    const first = card(page, 'TODO', 'Set the numerals');
    await expect(first).toContainText('High');
    await expect(first).toContainText('dial');
    await expect(first.getByRole('img', { name: 'Unassigned' })).toBeVisible();

    // What the screen reader hears is also when the board is ready for the next key.
    const announced = (text: string) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();
    // Down one place, then one column to the right: In Progress.
    await page.getByRole('button', { name: 'Move Set the numerals', exact: true }).focus();
    await page.keyboard.press('Space');
    await announced('Set the numerals is over Todo, position 1 of 3.');
    await page.keyboard.press('ArrowDown');
    await announced('Set the numerals is over Todo, position 2 of 3.');
    await page.keyboard.press('Space');
    await announced('Set the numerals was dropped in Todo, position 2 of 3.');
    await expect(titles('TODO')).toHaveText(['Cut the hands', 'Set the numerals', 'Paint the dial']);
    await page.getByRole('button', { name: 'Move Paint the dial', exact: true }).focus();
    await page.keyboard.press('Space');
    await announced('Paint the dial is over Todo, position 3 of 3.');
    await page.keyboard.press('ArrowRight');
    await announced('Paint the dial is over In Progress, position 1 of 1.');
    await page.keyboard.press('Space');
    await expect(titles('IN_PROGRESS')).toHaveText(['Paint the dial']);
    await announced('Paint the dial was dropped in In Progress, position 1 of 1.');

    // Or with the card's 'Move to…' menu: to the top of that column.
    await page.getByRole('button', { name: 'Move Cut the hands to…' }).click();
    await page.getByRole('menuitem', { name: 'In Progress' }).click();
    await expect(titles('IN_PROGRESS')).toHaveText(['Cut the hands', 'Paint the dial']);

    // Kept: the board says so after a reload (the view is remembered), and the history too.
    await page.reload();
    await expect(titles('TODO')).toHaveText(['Set the numerals']);
    await expect(titles('IN_PROGRESS')).toHaveText(['Cut the hands', 'Paint the dial']);
    await titles('IN_PROGRESS').filter({ hasText: 'Paint the dial' }).click();
    await expect(page.getByRole('list', { name: 'History' })).toContainText('Status changed from TODO to IN_PROGRESS');
    await page.goBack();

    // The board searches as the table does, descriptions too (which cards do not show).
    const cards = page.getByRole('region', { name: 'Task board' }).getByTestId('board-card').getByRole('link');
    await page.getByLabel('Search tasks').fill('ENAMEL');
    await expect(cards).toHaveText(['Paint the dial']);
    await expect(page.getByText('1 task of 3')).toBeVisible();
    await page.getByLabel('Search tasks').fill('');
    await expect(cards).toHaveCount(3);

    const viewer = await signInElsewhere(browser, baseURL, viewerUser);
    await viewer.page.goto(url);
    await viewer.page.getByRole('button', { name: 'Board' }).click();
    await expect(card(viewer.page, 'IN_PROGRESS', 'Paint the dial')).toBeVisible();
    await expect(card(viewer.page, 'IN_PROGRESS', 'Paint the dial').getByRole('button')).toHaveCount(0);
    await expect(viewer.page.getByRole('button', { name: /^Move / })).toHaveCount(0);
    await expect(viewer.page.getByText('You can look at the board; only members, moderators and admins move cards.')).toBeVisible();
    await viewer.context.close();
  });
});

test.describe('a large board', () => {
  test('a feature with 1,000 tasks: a column loads 100 cards, holds only those in view, and loads the next ones as it scrolls to the last', async ({
    page,
    signedInUser,
  }) => {
    test.setTimeout(180_000);
    void signedInUser;
    const { project, category } = await seedProjectGround(page.request, { project: 'Big Works' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Everything' });
    const seed = (n: number) => seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: `Bulk task ${String(n).padStart(4, '0')}` });
    // The first and the last alone (so they are the oldest and the newest); the rest 25 at a time.
    await seed(1);
    for (let start = 2; start < 1000; start += 25) {
      await Promise.all(Array.from({ length: Math.min(25, 1000 - start) }, (_, offset) => seed(start + offset)));
    }
    await seed(1000);
    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
    await page.getByRole('button', { name: 'Board' }).click();
    const todo = column(page, 'TODO');
    await expect(page.getByRole('region', { name: 'Task board' }).getByText('1,000', { exact: true })).toBeVisible();
    await expect(page.getByText('1,000 tasks', { exact: true })).toBeVisible();
    await expect(page.getByText('· 100 loaded; scroll a column for more')).toBeVisible();
    // Newest first: the last one created is on top; only a screenful of cards is in the page.
    await expect(todo.getByTestId('board-card').first()).toContainText('Bulk task 1000');
    expect(await todo.getByTestId('board-card').count()).toBeLessThan(40);
    // Each time the column's end comes into view, its next 100 cards load: ten pages in all.
    const last = todo.getByTestId('board-card').filter({ hasText: 'Bulk task 0001' });
    await expect(async () => {
      await todo.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect(last).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    expect(await todo.getByTestId('board-card').count()).toBeLessThan(40);
    await expect(todo.getByRole('button', { name: /^Load more/ })).toHaveCount(0);
    await expect(page.getByText(/loaded; scroll a column for more/)).toHaveCount(0);
  });
});
