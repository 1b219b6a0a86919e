import { expect, test } from '../fixtures';
import type { Page } from '@playwright/test';
import { seedCategory, seedTodo } from '../seed';

/** Holds the app's entry script back until the returned function is called: the page shows only its HTML until then. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// Issue 15 §4: the sign-in page's HTML holds its form (apps/web/src/lib/static-screen.ts), so it
// is seen before any script has run, and nothing typed into it before then is lost.
test.describe('the sign-in page before its script', () => {
  test('its HTML holds the form, which cannot be submitted until the script has arrived', async ({ request }) => {
    const response = await request.get('/login');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script defer/.exec(html)?.[1] ?? '';
    expect(root).toContain('Welcome Back');
    expect(root).toContain('id="email"');
    expect(root).toContain('id="password"');
    expect(root).not.toContain('Loading...');
    // Enter in a field would submit natively (a GET with the password in its address): the
    // submit button is disabled until the app renders its own.
    expect(root).toMatch(/<button type="submit" disabled=""/);
    // Its scripts are fetched once the form is painted (public/after-first-paint.js), not with the stylesheet.
    expect(html).not.toContain('type="module"');
    expect(html).toMatch(/<script defer src="\/after-first-paint\.js" data-entry="\/assets\/index-[^"]+\.js" data-modules="[^"]+"><\/script>/);
    // Signed-in pages keep the loader.
    expect(await (await request.get('/workspaces')).text()).toContain('Loading...');
  });

  test('what is typed before the script runs is kept, and signs in', async ({ page, user }) => {
    // Hold the app's entry script back until the form has been filled in.
    const release = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await page.locator('#email').fill(user.email);
    await page.locator('#password').fill(user.password);
    await page.locator('#password').focus();
    release();

    const signIn = page.getByRole('button', { name: 'Sign in' });
    await expect(signIn).toBeEnabled();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(user.password);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    // The app's own form is in place: its toggle works.
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await signIn.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${user.fullName}`);
  });

  test('keys typed while the app takes the form over all land in the field', async ({ page }) => {
    // React's commit removes the focused field; until its own field takes the focus, a key goes
    // to the page's body and is lost. While that focus waited for a timer (react-hook-form's
    // setFocus), keys typed in bursts through the handover were lost in 7 runs of 10 here
    // (lib/static-screen.ts).
    const release = await holdEntryScript(page);
    // A slow phone's CPU (as Lighthouse emulates it): the app's tasks take longer.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#password').focus();
    release();
    const signIn = page.getByRole('button', { name: 'Sign in' });
    let typed = '';
    const typeBurst = async (round: number) => {
      const letters = Array.from({ length: 10 }, (_, index) => String.fromCharCode(97 + ((round * 10 + index) % 26)));
      typed += letters.join('');
      // Sent without waiting for each other: the page has keys queued whenever React commits.
      await Promise.all(letters.map((letter) => page.keyboard.insertText(letter)));
    };
    let round = 0;
    while (round < 300 && (await signIn.isDisabled())) await typeBurst(round++);
    await typeBurst(round);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(typed);
  });

  test('the form never gives way to the loader while the app starts', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { loaderSeen: string[] }).loaderSeen = seen;
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          for (const node of mutation.addedNodes) {
            if (node instanceof HTMLElement && node.textContent?.includes('Loading...')) seen.push(node.outerHTML.slice(0, 80));
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { loaderSeen: string[] }).loaderSeen)).toEqual([]);
  });
});

// Decision 017, fourth pass: a signed-in dashboard's HTML holds its frame (the header, the heading,
// My day loading, quick add), the same for everyone; the person's own todos come with the app.
test.describe('the dashboard before its script', () => {
  test("shows its frame, which waits for the app, then the person's todos in its place", async ({ page, signedInUser }) => {
    const home = await seedCategory(page.request, { name: 'Home' });
    await seedTodo(page.request, { title: 'Water the plants', category: home._id });
    const release = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
    await expect(page.getByText('Loading today...')).toBeVisible();
    // Nothing in it works before the app: its button and quick add are disabled, and it names nobody.
    await expect(page.getByRole('button', { name: 'Create Todo' })).toBeDisabled();
    await expect(page.getByLabel('Quick add a todo')).toBeDisabled();
    await expect(page.getByTestId('greeting')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Water the plants' })).toHaveCount(0);
    release();

    await expect(page.getByRole('heading', { name: 'Water the plants' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${signedInUser.fullName}`);
    await expect(page.getByRole('button', { name: 'Create Todo' }).first()).toBeEnabled();
    await expect(page.getByLabel('Quick add a todo')).toBeEnabled();
    // Without a session the page has no frame: the visitor goes to /login.
    await page.context().clearCookies();
    expect(await (await page.request.get('/')).text()).not.toContain('Create Todo');
  });
});
