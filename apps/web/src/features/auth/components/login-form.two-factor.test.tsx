import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, requestLines } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderScreen } from '@/lib/testing/render';
import { LoginForm } from './login-form';

const jane = person('u1', 'Jane Doe');

function server() {
  return fakeServer((call) => {
    if (call.method === 'POST' && call.path === '/api/v1/auth/login') {
      return { status: 200, body: { success: true, data: { twoFactorRequired: true }, message: 'Enter the code from your authenticator app' } };
    }
    if (call.method === 'POST' && call.path === '/api/v1/auth/login/2fa') {
      const body = call.body as { code?: string; recoveryCode?: string };
      if (body.code === '123456' || body.recoveryCode === 'abcd-efgh-ij') return { status: 200, body: { success: true, data: jane, message: 'Login successful' } };
      if (body.recoveryCode) return failure(401, 'UNAUTHORIZED', 'Invalid recovery code, or it has been used already.');
      return failure(401, 'UNAUTHORIZED', 'Invalid code. Check your authenticator app and try again.');
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

/** The login form, opened by the guard's redirect from /projects. */
const show = () => {
  const screenResult = renderScreen(<LoginForm />, { url: '/login', path: '/login', withToasts: true });
  void screenResult.router.navigate('/login', { state: { from: '/projects?page=2' }, replace: true });
  return screenResult;
};

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm with two-factor sign-in', () => {
  it('asks for the code after a right password, then goes where the user was going', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    const { location } = show();
    await signInWithPassword(user);

    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(code);

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code. Check your authenticator app and try again.');
    expect(location().pathname).toBe('/login');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/projects?page=2'));
    expect(requestLines(calls)).toEqual(['POST /api/v1/auth/login', 'POST /api/v1/auth/login/2fa', 'POST /api/v1/auth/login/2fa']);
    expect(calls.slice(1).map((call) => call.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('a code that is not six digits is refused before anything is sent', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await signInWithPassword(user);
    await user.type(await screen.findByLabelText('Authentication code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(requestLines(calls)).toEqual(['POST /api/v1/auth/login']);
  });

  it('"Use a recovery code instead" switches the field, and a recovery code signs in', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    const { location } = show();
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery.getAttribute('inputmode')).toBeNull();
    await user.type(recovery, 'zzzz-zzzz-zz');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid recovery code, or it has been used already.');
    await user.clear(recovery);
    await user.type(recovery, 'abcd-efgh-ij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location().pathname).toBe('/projects'));
    expect(calls.at(-1)!.body).toEqual({ recoveryCode: 'abcd-efgh-ij' });
  });

  it('"Start over" returns to the password form, with the email kept and the password cleared', async () => {
    server();
    const user = userEvent.setup();
    show();
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jane@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });
});
