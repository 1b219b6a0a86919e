import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeServer } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderScreen } from '@/lib/testing/render';
import { RegisterForm } from './register-form';

const registered = person('u1', 'Jane Doe');

function server() {
  return fakeServer((call) => {
    if (call.method === 'POST' && call.path === '/api/v1/auth/register') {
      const { username } = call.body as { username: string };
      if (username === 'taken') return failure(409, 'CONFLICT', 'Username already exists');
      return { status: 201, body: { success: true, message: 'User registered successfully', data: registered } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const show = () => renderScreen(<RegisterForm />, { url: '/register', path: '/register', withToasts: true });

async function fillStepOne(user: ReturnType<typeof userEvent.setup>, { username = 'jane.doe', fullName = 'Jane Doe', email = 'jane@example.com' } = {}) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (fullName) await user.type(screen.getByLabelText('Full name'), fullName);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Next Step' }));
}

describe('RegisterForm', () => {
  it('step one checks the username, name and email, with one message per field, before going on', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    expect(screen.getByRole('list', { name: 'Step 1 of 2' })).toBeTruthy();
    await fillStepOne(user, { username: 'ja', fullName: '', email: 'not-an-email' });

    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Full name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Join Us' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('step two: passwords must match; Register sends the account without the confirmation and goes to sign-in', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    const { location } = show();
    await fillStepOne(user);

    expect(await screen.findByRole('heading', { name: 'Secure Your Account' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Step 2 of 2' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm password'), 'correct hors');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('Confirm password'), 'e');
    expect(screen.getByText('Passwords match')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Registration successful!')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/v1/auth/register', body: { username: 'jane.doe', fullName: 'Jane Doe', email: 'jane@example.com', password: 'correct horse' } },
    ]);
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  it('a short password is refused on step two, with nothing sent', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await fillStepOne(user);
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('Back keeps what was typed on step one', async () => {
    server();
    const user = userEvent.setup();
    show();
    await fillStepOne(user);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('jane.doe');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jane@example.com');
  });

  it("a refusal shows the server's message and stays on the form", async () => {
    server();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { location } = show();
    await fillStepOne(user, { username: 'taken' });
    await user.type(await screen.findByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Username already exists')).toBeTruthy();
    expect(location().pathname).toBe('/register');
  });
});
