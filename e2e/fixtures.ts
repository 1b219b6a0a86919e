import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestUser {
  username: string;
  fullName: string;
  email: string;
  password: string;
}

/** A user no other test knows (tests never share data). */
export function uniqueUser(): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  return {
    username: `e2e_${id}`,
    fullName: `Erin Tester ${id.slice(-4)}`,
    email: `e2e_${id}@example.com`,
    password: `Secret-${id}`,
  };
}

export async function registerThroughApi(request: APIRequestContext, user: TestUser) {
  const response = await request.post('/api/v1/auth/register', {
    data: { username: user.username, fullName: user.fullName, email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in through the API with the page's own cookie jar, so the browser is signed in too. */
export async function signInThroughApi(page: Page, user: TestUser) {
  const response = await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the login form as a person would. */
export async function signInThroughForm(page: Page, user: TestUser) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const test = base.extend<{ user: TestUser; signedInUser: TestUser }>({
  /** A freshly registered user, not signed in. */
  user: async ({ request }, use) => {
    const user = uniqueUser();
    await registerThroughApi(request, user);
    await use(user);
  },
  /** A freshly registered user whose session the page already holds. */
  signedInUser: async ({ page, user }, use) => {
    await signInThroughApi(page, user);
    await use(user);
  },
});

export { expect };

/** A toast (react-hot-toast renders each as a live status region) holding `text`. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-rht-toaster] [role="status"]').filter({ hasText: text });
}
