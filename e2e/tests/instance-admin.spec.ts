import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, registerThroughApi, signInThroughApi, signInThroughForm, test, toast, uniqueUser, type TestUser } from '../fixtures';

/**
 * The instance administrator (issue 16): closing registration, inviting a colleague, deactivating
 * an account. These change the whole instance, so they run in order, after every other spec
 * (playwright.config.ts), and leave registration open.
 */
test.describe.configure({ mode: 'serial' });

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let admin: TestUser;

/** `npm run admin -- make-admin <email>` against the running app's database, as an operator would. */
function makeAdmin(email: string) {
  execFileSync(process.execPath, ['apps/server/dist/cli.js', 'admin', 'make-admin', email], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

test.beforeAll(async ({ request }) => {
  admin = uniqueUser();
  await registerThroughApi(request, admin);
  makeAdmin(admin.email);
});

test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await signInThroughApi(await context.newPage(), admin);
  await context.request.put('/api/v1/admin/settings', { data: { registration: 'open' } });
  await context.close();
});

test('an administrator closes registration and a visitor is refused with a clear message', async ({ page, browser, baseURL }) => {
  await signInThroughApi(page, admin);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
  await page.getByRole('radio', { name: /Closed/ }).check();
  await expect(toast(page, 'Registration is closed')).toBeVisible();

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/register');
  await expect(visitorPage.getByRole('heading', { name: 'Registration is closed' })).toBeVisible();
  await expect(visitorPage.getByText('Registration is closed on this instance. Ask an administrator for an invite.')).toBeVisible();
  await expect(visitorPage.getByLabel('Username')).toHaveCount(0);
  await visitor.close();
});

test('an invite link registers a new colleague while registration is closed', async ({ page, browser, baseURL }) => {
  const colleague = uniqueUser();
  await signInThroughApi(page, admin);
  await page.goto('/admin');
  const invites = page.getByRole('region', { name: 'Invites' });
  await invites.getByLabel('Email (optional)').fill(colleague.email);
  await invites.getByRole('button', { name: 'Create invite' }).click();
  const link = await invites.getByRole('textbox', { name: 'Invite link' }).inputValue();
  expect(link).toMatch(/\/register\?invite=[A-Za-z0-9_-]{43}$/);

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByText(`You were invited to this Tasklane as ${colleague.email}.`)).toBeVisible();
  await expect(visitorPage.getByLabel('Email')).toHaveValue(colleague.email);
  await visitorPage.getByLabel('Username').fill(colleague.username);
  await visitorPage.getByLabel('Full name').fill(colleague.fullName);
  await visitorPage.getByRole('button', { name: 'Next Step' }).click();
  await visitorPage.getByLabel('Password', { exact: true }).fill(colleague.password);
  await visitorPage.getByLabel('Confirm password').fill(colleague.password);
  await visitorPage.getByRole('button', { name: 'Register' }).click();
  await expect(visitorPage).toHaveURL(/\/login$/);
  await signInThroughForm(visitorPage, colleague);
  await expect(visitorPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Todos' })).toBeVisible();
  // Not an administrator: no Admin entry.
  await expect(visitorPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await visitor.close();

  // The invite is used up: its link no longer registers anyone.
  await page.reload();
  await expect(invites.getByRole('row').filter({ hasText: colleague.email }).getByText('Used')).toBeVisible();
});

test('a deactivated user is signed out and cannot sign in again', async ({ page, browser, baseURL, request }) => {
  await signInThroughApi(page, admin);
  await page.goto('/admin');
  await page.getByRole('radio', { name: /Open/ }).check();
  await expect(toast(page, 'Registration is open')).toBeVisible();
  const person = uniqueUser();
  await registerThroughApi(request, person);

  const personContext = await browser.newContext({ baseURL });
  const personPage = await personContext.newPage();
  await signInThroughApi(personPage, person);
  await personPage.goto('/');
  await expect(personPage.getByRole('navigation', { name: 'Main' })).toBeVisible();

  const users = page.getByRole('region', { name: 'Users' });
  await users.getByRole('searchbox', { name: 'Search name, username or email' }).fill(person.email);
  await expect(users.getByRole('row')).toHaveCount(2);
  await users.getByRole('button', { name: `Actions for ${person.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await expect(users.getByRole('row').filter({ hasText: person.email }).getByText('Deactivated')).toBeVisible();

  // Their open browser is signed out at its next request; signing in again is refused, saying why.
  await personPage.reload();
  await expect(personPage).toHaveURL(/\/login/);
  await signInThroughForm(personPage, person);
  await expect(personPage.getByText('This account has been deactivated. Ask an administrator.')).toBeVisible();
  await personContext.close();
});
