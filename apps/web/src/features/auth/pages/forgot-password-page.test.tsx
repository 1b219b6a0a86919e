import { FORGOT_PASSWORD_MESSAGE } from '@tasklane/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, requestLines, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import ForgotPasswordPage from './forgot-password-page';

function server(passwordResetByEmail: boolean, forgot: () => Reply = () => ({ status: 200, body: { success: true, message: FORGOT_PASSWORD_MESSAGE } })) {
  return fakeServer((call) => {
    if (call.method === 'GET' && call.path === '/api/v1/auth/options') return { status: 200, body: { success: true, data: { passwordResetByEmail } } };
    if (call.method === 'POST' && call.path === '/api/v1/auth/forgot-password') return forgot();
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const show = () => renderScreen(<ForgotPasswordPage />, { url: '/forgot-password', path: '/forgot-password' });

describe('ForgotPasswordPage', () => {
  it('with email configured: sends the email and shows the same confirmation whatever the answer says', async () => {
    const { calls } = server(true);
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), '  Jane@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('status')).textContent).toContain(FORGOT_PASSWORD_MESSAGE);
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/auth/forgot-password', body: { email: 'jane@example.com' } },
    ]);
    // Ask again from the confirmation.
    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('checks the email before sending anything', async () => {
    const { calls } = server(true);
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(requestLines(calls)).toEqual(['GET /api/v1/auth/options']);
  });

  it("shows the server's limit when too many requests were sent", async () => {
    server(true, () => failure(429, 'RATE_LIMITED', 'Too many password-reset requests for this email. Try again in 60 minutes.'));
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many password-reset requests for this email. Try again in 60 minutes.');
  });

  it('without email: says to ask an administrator, with no form', async () => {
    const { calls } = server(false);
    show();
    expect(await screen.findByText(/ask an administrator to reset your password/)).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(requestLines(calls)).toEqual(['GET /api/v1/auth/options']);
  });
});
