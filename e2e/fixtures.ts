import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

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

/** Registers the user and answers their id. */
export async function registerThroughApi(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post('/api/v1/auth/register', {
    data: { username: user.username, fullName: user.fullName, email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
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

/** Another person at another browser: a fresh context (its own cookies) signed in as `user`. */
export async function signInElsewhere(browser: Browser, baseURL: string | undefined, user: TestUser) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, user);
  return { context, page };
}

/** Seeding through the API, for tests whose subject is not the creation itself. */
export async function createWorkspaceThroughApi(request: APIRequestContext, name: string): Promise<{ _id: string; name: string }> {
  const response = await request.post('/api/v1/workspaces', { data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string; name: string } }).data;
}

export async function createProjectThroughApi(
  request: APIRequestContext,
  body: { workspaceId: string; name: string } & Record<string, unknown>,
): Promise<{ _id: string; name: string }> {
  const response = await request.post('/api/v1/projects', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string; name: string } }).data;
}

export async function addMemberThroughApi(request: APIRequestContext, projectId: string, userId: string, role = 'MEMBER') {
  const response = await request.post(`/api/v1/projects/${projectId}/members`, { data: { userId, role } });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Gives the signed-in user of `request` a time zone, as everyone has after their first visit:
 * the app then saves none of its own (it saves the browser's once for someone who has none).
 */
export async function chooseTimeZoneThroughApi(request: APIRequestContext, timeZone = 'UTC') {
  const response = await request.put('/api/v1/users/me', { data: { timeZone } });
  expect(response.status(), await response.text()).toBe(200);
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

/**
 * Waits until a toast (with `text`, or any) shows in the bottom-right of the window. Checked in
 * the page on each frame, in one step: a toast lives a few seconds, and on a loaded machine a
 * separate 'is it visible' then 'where is it' can find it already gone.
 */
export async function expectToastBottomRight(page: Page, text?: string) {
  await page.waitForFunction(
    (wanted) =>
      [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].some((element) => {
        if (wanted && !element.textContent?.includes(wanted)) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > window.innerWidth * 0.6 && box.top > window.innerHeight * 0.5;
      }),
    text,
  );
}
