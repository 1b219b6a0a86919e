import { Secret, TOTP } from 'otpauth';
import { expect, signInThroughForm, test } from '../fixtures';

/** What the person's authenticator app shows for `key`, `steps` 30-second steps from now. */
function codeFor(key: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

test('turn on two-factor sign-in, sign out, and sign in with a code from the app', async ({ page, signedInUser }) => {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

  // The test cannot scan the QR code; it types the manual key into its "app", as a person may.
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await section.getByTestId('two-factor-key').innerText()).replace(/\s+/g, '');
  await section.getByLabel('Code from your app').fill(codeFor(key));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'I saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, signedInUser);
  // The code that turned it on is spent: the app's next one.
  await page.getByLabel('Authentication code').fill(codeFor(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  // Back where the sign-out left: the section, now On.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();
});
