import { request as playwrightRequest } from '@playwright/test';
import { chooseTimeZoneThroughApi, expect, test, toast } from '../fixtures';
import { seedCategory, seedTodo } from '../seed';

const utcDate = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('My day and the calendar feed', () => {
  test("the dashboard's Today view lists what is due and marked for today, with its count by Todos; ticking one takes it off", async ({ page, signedInUser: _ }) => {
    await chooseTimeZoneThroughApi(page.request, 'UTC');
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Pay rent', category: home._id, dueDate: utcDate(0), priority: 'URGENT' });
    await seedTodo(page.request, { title: 'Call Ann', category: home._id, isToday: true, priority: 'LOW' });
    await seedTodo(page.request, { title: 'Plan the trip', category: home._id, dueDate: utcDate(5) });

    await page.goto('/');
    const today = page.getByRole('region', { name: 'Today' });
    await expect(today.getByRole('listitem')).toHaveCount(2);
    await expect(today.getByRole('listitem').first()).toContainText('Pay rent');
    await expect(today.getByRole('listitem').first()).toContainText('Due today');
    await expect(today.getByRole('listitem').last()).toContainText("Today's focus");
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Todos (2 for today)' })).toBeVisible();

    await today.getByRole('checkbox', { name: 'Mark as complete: Pay rent' }).check();
    await expect(today.getByRole('listitem')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Todos (1 for today)' })).toBeVisible();
  });

  test('Settings shows the feed URL that a calendar app reads without a cookie; Reset makes the old one 404', async ({ page, signedInUser: _, baseURL }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Dentist, 9:00; bring card', category: home._id, dueDate: '2030-01-15' });

    await page.goto('/settings');
    const field = page.getByRole('textbox', { name: 'Calendar feed URL' });
    await expect(field).toHaveValue(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const oldUrl = await field.inputValue();

    // A calendar app: no cookie.
    const app = await playwrightRequest.newContext({ baseURL });
    const feed = await app.get(new URL(oldUrl).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain('SUMMARY:Dentist\\, 9:00\\; bring card');
    expect(text).toContain('DTSTART;VALUE=DATE:20300115');

    await page.getByRole('button', { name: 'Reset the calendar feed URL' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset the calendar feed URL?' });
    await expect(confirm).toContainText('stops working at once');
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await expect(toast(page, 'Calendar feed URL reset')).toBeVisible();
    await expect(field).not.toHaveValue(oldUrl);

    expect((await app.get(new URL(oldUrl).pathname)).status()).toBe(404);
    expect((await app.get(new URL(await field.inputValue()).pathname)).status()).toBe(200);
    await app.dispose();
  });
});
