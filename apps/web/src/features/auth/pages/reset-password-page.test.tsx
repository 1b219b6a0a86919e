import { INVALID_RESET_LINK_MESSAGE, PASSWORD_RESET_MESSAGE } from '@tasklane/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import ResetPasswordPage from './reset-password-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF';

function server(reset: (call: Call) => Reply = () => ({ status: 200, body: { success: true, message: PASSWORD_RESET_MESSAGE } })) {
  return fakeServer((call) => (call.method === 'POST' && call.path === '/api/v1/auth/reset-password' ? reset(call) : failure(404, 'NOT_FOUND', 'Not found')));
}

const show = (url = `/reset-password?token=${TOKEN}`) => renderScreen(<ResetPasswordPage />, { url, path: '/reset-password' });

async function choose(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
}

describe('ResetPasswordPage', () => {
  it('sets the new password with the link token, then offers to sign in', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('New password')));
    await choose(user, 'correct horse 9', 'correct horse');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Set new password' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Confirm password'), ' 9');
    expect(screen.getByText('Passwords match')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(screen.getByText(PASSWORD_RESET_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(calls).toEqual([{ method: 'POST', path: '/api/v1/auth/reset-password', body: { token: TOKEN, password: 'correct horse 9' } }]);
  });

  it('follows the registration rule before sending anything', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await choose(user, 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('an invalid or expired link shows why, and a way to ask for a new one', async () => {
    server(() => failure(400, 'VALIDATION_ERROR', INVALID_RESET_LINK_MESSAGE, [{ field: 'token', message: INVALID_RESET_LINK_MESSAGE }]));
    const user = userEvent.setup();
    show();
    await choose(user, 'correct horse 9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByText(INVALID_RESET_LINK_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('a link without a token says so at once', () => {
    const { calls } = server();
    show('/reset-password');
    expect(screen.getByText(INVALID_RESET_LINK_MESSAGE)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("a refusal that is not the link's (a deactivated account) stays on the form, with the server's message", async () => {
    server(() => failure(403, 'FORBIDDEN', 'This account is deactivated, so its password cannot be reset. Ask an administrator to reactivate it.'));
    const user = userEvent.setup();
    show();
    await choose(user, 'correct horse 9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/deactivated/);
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });
});
