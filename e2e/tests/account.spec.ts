import { expect, signInElsewhere, signInThroughForm, test, toast } from '../fixtures';

test.describe('the account settings', () => {
  test('changing the password signs out another browser on its next request, and the new password works', async ({
    page,
    browser,
    baseURL,
    signedInUser,
  }) => {
    const elsewhere = await signInElsewhere(browser, baseURL, signedInUser);
    try {
      await elsewhere.page.goto('/workspaces');
      await expect(elsewhere.page.getByRole('heading', { level: 1, name: 'Workspaces' })).toBeVisible();

      // Settings, from the header's user menu.
      await page.goto('/');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      const sessions = page.getByRole('list', { name: 'Your sessions' });
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await expect(sessions.getByText('This device')).toHaveCount(1);

      const newPassword = `${signedInUser.password}-renewed`;
      const passwordForm = page.getByRole('region', { name: 'Password' });
      await passwordForm.getByLabel('Current password').fill(signedInUser.password);
      await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
      await passwordForm.getByLabel('Confirm new password').fill(newPassword);
      await passwordForm.getByRole('button', { name: 'Change password' }).click();
      await expect(toast(page, 'Password changed')).toBeVisible();
      await expect(sessions.getByRole('listitem')).toHaveCount(1);

      // The other browser's next request finds its session ended.
      await elsewhere.page.goto('/categories');
      await expect(elsewhere.page).toHaveURL(/\/login$/);
      await signInThroughForm(elsewhere.page, { ...signedInUser, password: newPassword });
      await expect(elsewhere.page).toHaveURL(/\/categories$/);
      await expect(elsewhere.page.getByTestId('greeting')).toHaveText(`Hello, ${signedInUser.fullName}`);

      // This browser stayed signed in.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    } finally {
      await elsewhere.context.close();
    }
  });
});
