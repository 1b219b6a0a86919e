import { expect, signInThroughForm, test } from '../fixtures';

test.describe('login', () => {
  test('a wrong password shows the server message in a red box', async ({ page, user }) => {
    await page.goto('/login');
    await signInThroughForm(page, { ...user, password: 'wrong-password' });
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  });

  test('signs in, toasts and greets by full name', async ({ page, user }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Sign in to your account to continue')).toBeVisible();
    // The field is the one thing labelled "Password" (its toggle is named by its own text).
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await signInThroughForm(page, user);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${user.fullName}`);
  });

  test('links to forgot password and sign up', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByText(/administrator/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});
