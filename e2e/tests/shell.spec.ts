import { expect, test } from '../fixtures';

const entries = [
  { name: 'Todos', url: /\/$/, heading: 'Todos' },
  { name: 'Workspaces', url: /\/workspaces$/, heading: 'Workspaces' },
  { name: 'Assigned Projects', url: /\/projects$/, heading: 'Assigned Projects' },
  { name: 'Assigned Tasks', url: /\/tasks$/, heading: 'Assigned Tasks' },
  { name: 'Categories', url: /\/categories$/, heading: 'Categories' },
  { name: 'Calendar', url: /\/calendar$/, heading: 'Calendar' },
];

test.describe('app shell', () => {
  test('the navigation has the six entries', async ({ page, signedInUser: _ }) => {
    await page.goto('/categories');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const entry of entries) {
      await nav.getByRole('link', { name: entry.name }).click();
      await expect(page).toHaveURL(entry.url);
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      await expect(nav.getByRole('link', { name: entry.name })).toHaveAttribute('aria-current', 'page');
    }
    await page.getByRole('link', { name: 'Tasklane' }).click();
    await expect(page).toHaveURL(/\/list$/);
  });

  test('narrow screens use a menu button', async ({ page, signedInUser }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    // The greeting gets a line of its own rather than being cut short.
    const greeting = page.getByTestId('greeting');
    await expect(greeting).toHaveText(`Hello, ${signedInUser.fullName}`);
    expect(await greeting.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const entry of entries) await expect(nav.getByRole('link', { name: entry.name })).toBeVisible();
    await nav.getByRole('link', { name: 'Workspaces' }).click();
    await expect(page).toHaveURL(/\/workspaces$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    // Keyboard: Escape closes the menu and gives focus back to its button.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
