import { expect, registerThroughApi, test, uniqueUser } from '../fixtures';

test.describe('registration', () => {
  test('registers in two steps with validation toasts and lands on /login', async ({ page }) => {
    const user = uniqueUser();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Join Us' })).toBeVisible();
    await expect(page.getByTestId('step-dot')).toHaveCount(2);

    // Step 1 is validated before moving on: one toast per failing field, all together.
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Full name must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Join Us' })).toBeVisible();

    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Full name').fill(user.fullName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await expect(page.getByRole('heading', { name: 'Secure Your Account' })).toBeVisible();

    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password');
    const register = page.getByRole('button', { name: 'Register' });

    // Show/hide toggles on both fields.
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).first().click();
    await expect(password).toHaveAttribute('type', 'password');

    // Live indicator, and Register disabled while the passwords differ.
    await password.fill(user.password);
    await confirm.fill(`${user.password}x`);
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(register).toBeDisabled();

    // Too short: a toast from the contract's message, no request.
    await password.fill('short');
    await confirm.fill('short');
    await expect(page.getByText('Passwords match')).toBeVisible();
    await register.click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Username')).toHaveValue(user.username);
    await page.getByRole('button', { name: 'Next Step' }).click();

    await password.fill(user.password);
    await confirm.fill(user.password);
    await expect(page.getByText('Passwords match')).toBeVisible();
    await register.click();
    await expect(page.getByText('Registration successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('a duplicate account shows the server message', async ({ page, request }) => {
    const existing = uniqueUser();
    await registerThroughApi(request, existing);
    await page.goto('/register');
    await page.getByLabel('Username').fill(`${existing.username}b`);
    await page.getByLabel('Full name').fill(existing.fullName);
    await page.getByLabel('Email').fill(existing.email);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByLabel('Password', { exact: true }).fill(existing.password);
    await page.getByLabel('Confirm password').fill(existing.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('status').filter({ hasText: /email/i })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("the 'Sign in' link goes to /login", async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
