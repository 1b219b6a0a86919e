import { registrationRefusals } from '@tasklane/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, pathnameOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import RegisterPage from './register-page';

/** GET /auth/registration answering `registration`, and (with an invite) `invite`; a register call succeeds. */
function registrationServer(registration: 'open' | 'invite' | 'closed', invite?: { status: string; email: string | null }) {
  return fakeServer((call: Call): Reply => {
    if (pathnameOf(call) === '/api/v1/auth/registration') return { status: 200, body: { success: true, data: { registration, ...(invite ? { invite } : {}) } } };
    return {
      status: 201,
      body: {
        success: true,
        message: 'Registration successful',
        data: { _id: 'u1', username: 'pat.smith', fullName: 'Pat Smith', email: 'pat@example.com', avatar: null, createdAt: '2026-01-01T00:00:00.000Z' },
      },
    };
  });
}

describe('RegisterPage: who may register, said up front', () => {
  it('says registration is closed instead of showing the form', async () => {
    registrationServer('closed');
    renderScreen(<RegisterPage />, { url: '/register' });
    expect(await screen.findByRole('heading', { name: 'Registration is closed' })).toBeTruthy();
    expect(screen.getByText(registrationRefusals.closed)).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('says an invite is needed; and why an invite link no longer works', async () => {
    registrationServer('invite');
    const { unmount } = renderScreen(<RegisterPage />, { url: '/register' });
    expect(await screen.findByText('Registration needs an invite link from an administrator.')).toBeTruthy();
    unmount();
    registrationServer('invite', { status: 'used', email: null });
    renderScreen(<RegisterPage />, { url: '/register?invite=abc' });
    expect(await screen.findByText('This invite has already been used.')).toBeTruthy();
  });

  it('with a pending invite, shows the form, fills in its email and sends the invite token', async () => {
    const { calls } = registrationServer('closed', { status: 'pending', email: 'pat@example.com' });
    const user = userEvent.setup();
    renderScreen(<RegisterPage />, { url: '/register?invite=tok_123' });
    expect(await screen.findByText('You were invited to this Tasklane as pat@example.com.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('pat@example.com');
    await user.type(screen.getByLabelText('Username'), 'pat.smith');
    await user.type(screen.getByLabelText('Full name'), 'Pat Smith');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await user.type(await screen.findByLabelText('Password'), 'correct-horse-42');
    await user.type(screen.getByLabelText('Confirm password'), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      username: 'pat.smith',
      fullName: 'Pat Smith',
      email: 'pat@example.com',
      password: 'correct-horse-42',
      inviteToken: 'tok_123',
    });
    expect(calls[0]!.path).toBe('/api/v1/auth/registration?invite=tok_123');
  });

  it('open: the form, exactly as before', async () => {
    registrationServer('open');
    renderScreen(<RegisterPage />, { url: '/register' });
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(screen.queryByText(/You were invited/)).toBeNull();
  });
});
