import { expect, registerThroughApi, signInThroughForm, test, uniqueUser } from '../fixtures';
import { startAppServer, startInbox, type AppServer, type Inbox } from '../mail-server';

/**
 * Forgot password, through email: a server configured with SMTP_URL pointing at an SMTP server
 * in this test's process, the link read from the delivered message, a new password, and a
 * sign-in with it.
 */
let inbox: Inbox;
let app: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  inbox = await startInbox();
  app = await startAppServer({ SMTP_URL: inbox.smtpUrl, MAIL_FROM: 'Tasklane <tasklane@example.com>' });
});

test.afterAll(async () => {
  await app?.stop();
  await inbox?.close();
});

test('a forgotten password is reset through the emailed link, and the new one signs in', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  const user = uniqueUser();
  await registerThroughApi(context.request, user);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email, we sent a link to reset its password. It works for one hour.')).toBeVisible();

  const message = await inbox.nextTo(user.email);
  expect(message.subject).toBe('Reset your Tasklane password');
  const link = /http:\/\/\S+\/reset-password\?token=\S+/.exec(message.text ?? '')?.[0];
  expect(link, message.text).toBeTruthy();
  expect(link!.startsWith(`${app.baseURL}/reset-password?token=`)).toBe(true);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const newPassword = `${user.password}-renewed`;
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await expect(page.getByText('Passwords match')).toBeVisible();
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password was changed. Sign in with your new password.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await signInThroughForm(page, { ...user, password: newPassword });
  await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();

  // The link worked once.
  await page.goto(link!);
  await page.getByLabel('New password').fill('another-password-1');
  await page.getByLabel('Confirm password').fill('another-password-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await context.close();
});
