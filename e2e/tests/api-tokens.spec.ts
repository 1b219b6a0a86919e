import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../fixtures';
import { seedCategory } from '../seed';

test.describe('Personal API tokens', () => {
  test('a token made in Settings lets a script read and write as its person, with no cookie', async ({ page, signedInUser, baseURL }) => {
    const category = await seedCategory(page.request, { name: 'Scripts' });
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'API tokens' });
    await section.getByLabel('Token name').fill('Deploy script');
    await section.getByLabel('Scope').selectOption('read-write');
    await section.getByRole('button', { name: 'Create token' }).click();

    const secret = section.getByRole('textbox', { name: 'New API token “Deploy script”' });
    await expect(secret).toHaveValue(/^tl_[A-Za-z0-9_-]{43}$/);
    await expect(section).toContainText('it will not be shown again');
    const token = await secret.inputValue();
    await expect(section.getByRole('row', { name: /Deploy script/ })).toContainText('Read and write');

    // A script: no cookie, only the token.
    const script = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    const me = await script.get('/api/v1/users/me');
    expect(me.status()).toBe(200);
    const body = await me.json();
    expect(body.data).toMatchObject({ email: signedInUser.email, token: { name: 'Deploy script', scope: 'read-write' } });

    const created = await script.post('/api/v1/todos', { data: { title: 'Made by a script', category: category._id } });
    expect(created.status()).toBe(201);
    await script.dispose();

    await page.goto('/');
    await expect(page.getByText('Made by a script')).toBeVisible();
  });
});
