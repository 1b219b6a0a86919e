import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, requestLines, type Call, type Reply } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { queryKeys } from '@/lib/query-keys';
import { renderWithQueries, testQueryClient } from '@/lib/testing/render';
import { TwoFactorSection } from './two-factor-section';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Tasklane:jane%40example.com?issuer=Tasklane&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_unused, index) => `abc${index}-defg-h${index}`);

/** A server for one account whose two-factor state the calls change, as the real one would. */
function account(initially: { isEnabled: boolean }, overrides: (call: Call) => Reply | undefined = () => undefined) {
  let isEnabled = initially.isEnabled;
  return fakeServer((call) => {
    const overridden = overrides(call);
    if (overridden) return overridden;
    if (call.method === 'GET' && call.path === '/api/v1/users/me') {
      return { status: 200, body: { success: true, data: { ...person('u1', 'Jane Doe'), isAdmin: false, twoFactorEnabled: isEnabled } } };
    }
    if (call.method === 'POST' && call.path === '/api/v1/users/me/2fa') {
      return { status: 200, body: { success: true, message: 'Scan it', data: { secret: SECRET, otpauthUrl: OTPAUTH } } };
    }
    if (call.method === 'POST' && call.path === '/api/v1/users/me/2fa/confirm') {
      const { code } = call.body as { code: string };
      if (code !== '123456') {
        const message = 'That code is not right. Check your authenticator app and try again.';
        return failure(400, 'VALIDATION_ERROR', message, [{ field: 'code', message }]);
      }
      isEnabled = true;
      return { status: 200, body: { success: true, message: 'On', data: { recoveryCodes: CODES } } };
    }
    if (call.method === 'DELETE' && call.path === '/api/v1/users/me/2fa') {
      const { password } = call.body as { password: string };
      if (password !== 'correct horse') return failure(400, 'VALIDATION_ERROR', 'Password is incorrect', [{ field: 'password', message: 'Password is incorrect' }]);
      isEnabled = false;
      return { status: 200, body: { success: true, message: 'Off' } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const section = () => screen.getByRole('region', { name: 'Two-factor sign-in' });

describe('TwoFactorSection', () => {
  it('turns it on: QR code and grouped key, a wrong code refused, the right one shows the ten recovery codes once', async () => {
    const { calls } = account({ isEnabled: false });
    const user = userEvent.setup();
    renderWithQueries(<TwoFactorSection />);
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('two-factor-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const field = screen.getByLabelText('Code from your app');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');

    // Not six digits: nothing is sent.
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/confirm'))).toEqual([]);

    await user.clear(field);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('That code is not right. Check your authenticator app and try again.')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/confirm')).map((call) => call.body)).toEqual([{ code: '654321' }, { code: '123456' }]);

    await user.click(screen.getByRole('button', { name: 'I saved them' }));
    // The signed-in user was refreshed: it says On, and the codes are gone for good.
    expect(await within(section()).findByText('On')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeTruthy();
    expect(requestLines(calls).filter((line) => line === 'GET /api/v1/users/me').length).toBeGreaterThanOrEqual(2);
  });

  it('cancelling an enrolment goes back to Off', async () => {
    account({ isEnabled: false });
    const user = userEvent.setup();
    renderWithQueries(<TwoFactorSection />);
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeTruthy();
    expect(within(section()).getByText('Off')).toBeTruthy();
  });

  it('shows why an enrolment could not start', async () => {
    account({ isEnabled: false }, (call) =>
      call.method === 'POST' && call.path === '/api/v1/users/me/2fa' ? failure(409, 'CONFLICT', 'Two-factor sign-in is already on') : undefined,
    );
    const user = userEvent.setup();
    renderWithQueries(<TwoFactorSection />);
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Two-factor sign-in is already on');
  });

  it('turns it off with the password; a wrong one is refused with the server message', async () => {
    const { calls } = account({ isEnabled: true });
    const user = userEvent.setup();
    renderWithQueries(<TwoFactorSection />);
    expect(await within(section()).findByText('On')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    await user.type(password, 'wrong horse');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Password is incorrect')).toBeTruthy();

    await user.clear(password);
    await user.type(password, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await waitFor(() => expect(within(section()).getByText('Off')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ password: 'wrong horse' }, { password: 'correct horse' }]);
  });
});

describe('TwoFactorSection after a sign-in', () => {
  it('asks for the account once more when the cached user came from the sign-in answer (no twoFactorEnabled)', async () => {
    const { calls } = account({ isEnabled: true });
    const client = testQueryClient();
    client.setQueryData(queryKeys.me(), person('u1', 'Jane Doe'));
    render(
      <QueryClientProvider client={client}>
        <TwoFactorSection />
      </QueryClientProvider>,
    );
    expect(await within(section()).findByText('On')).toBeTruthy();
    expect(requestLines(calls)).toEqual(['GET /api/v1/users/me']);
  });
});
