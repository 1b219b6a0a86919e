import { expect, signInThroughForm, test } from '../fixtures';

test.describe('session and guards', () => {
  test('a guarded page redirects to /login and returns there after signing in', async ({ page, user }) => {
    await page.goto('/workspaces?tab=mine');
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, user);
    await expect(page).toHaveURL(/\/workspaces\?tab=mine$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Workspaces' })).toBeVisible();
  });

  test('the simple list is not guarded and greets a visitor by the fallback name', async ({ page }) => {
    await page.goto('/list');
    await expect(page).toHaveURL(/\/list$/);
    await expect(page.getByTestId('greeting')).toHaveText('Hello, there');
  });

  test('sign out returns to /login and guarded pages then redirect', async ({ page, signedInUser }) => {
    await page.goto('/categories');
    await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${signedInUser.fullName}`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/categories');
    await expect(page).toHaveURL(/\/login$/);
    const me = await page.request.get('/api/v1/users/me');
    expect(me.status()).toBe(401);
  });

  test('a session ended elsewhere sends the next 401 to /login, keeping the page to come back to', async ({
    page,
    context,
    playwright,
    baseURL,
    signedInUser,
  }) => {
    await page.goto('/workspaces');
    await expect(page.getByRole('heading', { level: 1, name: 'Workspaces' })).toBeVisible();
    // The same session, used from another device, signs out there; this browser keeps its cookie.
    const elsewhere = await playwright.request.newContext({ baseURL, storageState: await context.storageState() });
    expect((await elsewhere.post('/api/v1/auth/logout')).status()).toBe(200);
    await elsewhere.dispose();
    expect((await context.cookies()).length).toBeGreaterThan(0);
    // The app's next call (the session re-check when the window regains focus) answers 401.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, signedInUser);
    await expect(page).toHaveURL(/\/workspaces$/);
    await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${signedInUser.fullName}`);
  });

  test('an expired session (cookie gone) returns to /login, keeping the page to come back to', async ({ page, context, signedInUser }) => {
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { name: 'Assigned Tasks' })).toBeVisible();
    await context.clearCookies();
    // The session is re-checked when the window regains focus; that call now answers 401.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, signedInUser);
    await expect(page).toHaveURL(/\/tasks$/);
  });

  test('unknown routes show Page not found with a link home', async ({ page, signedInUser: _ }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
  });
});
