import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const html = (page: Page) => page.locator('html');

test.describe('theme', () => {
  test('the toggle flips the theme, stores it, and it survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/list');
    await expect(html(page)).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html(page)).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(html(page)).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html(page)).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('with nothing stored it follows the OS preference, live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect(html(page)).toHaveClass(/dark/);
    // The app follows the OS live once it runs (the form is in the page's HTML before it does).
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/dark/);
  });

  test('a stored choice wins over the OS and is applied before the app starts', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // Block the app's bundle: only the external theme-init script can have set the class.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/login');
    await expect(html(page)).toHaveClass(/dark/);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(html(page)).not.toHaveClass(/dark/);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(html(page)).toHaveClass(/dark/);
  });
});
