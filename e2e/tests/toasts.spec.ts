import { expect, expectToastBottomRight, test } from '../fixtures';

test.describe('toasts', () => {
  test('show bottom-right, at most 20 at once', async ({ page }) => {
    await page.goto('/register');
    const toasts = page.locator('[data-rht-toaster] [role="status"]');
    // Each empty 'Next Step' gives three validation toasts (4 s each): eight clicks give 24.
    const next = page.getByRole('button', { name: 'Next Step' });
    await expect(next).toBeVisible();
    // All eight clicks at once, so none of the first toasts has expired (4 s) by the last click,
    // however slow the machine is to drive the page.
    await next.evaluate((button: HTMLElement) => {
      for (let click = 0; click < 8; click += 1) button.click();
    });
    await expect(toasts).toHaveCount(20);
    for (let check = 0; check < 5; check += 1) {
      expect(await toasts.count()).toBeLessThanOrEqual(20);
      await page.waitForTimeout(100);
    }
    // They sit bottom-right (checked as they show: they last seconds).
    await next.evaluate((button: HTMLElement) => button.click());
    await expectToastBottomRight(page);
  });
});
