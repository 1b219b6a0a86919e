import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMON_PASSWORD_MESSAGE, DEFAULT_NOTIFICATION_DELIVERY, type AccountSession, type Me } from '@tasklane/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, requestLines, type Call, type Reply } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderScreen } from '@/lib/testing/render';
import { SettingsPage } from './settings-page';

const me: Me = { ...person('me', 'Mona Me'), username: 'mona', email: 'mona@example.com', isAdmin: false, twoFactorEnabled: false, timeZone: null };

const sessions: AccountSession[] = [
  { _id: 'a'.repeat(32), createdAt: new Date().toISOString(), lastSeenAt: new Date().toISOString(), clientIp: '10.0.0.1', browser: 'Firefox 133', os: 'Linux', current: true },
  { _id: 'b'.repeat(32), createdAt: new Date().toISOString(), lastSeenAt: new Date().toISOString(), clientIp: '10.0.0.2', browser: 'Chrome 131', os: 'Windows 10', current: false },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The account's routes, with `override` answering first when it has something to say. */
function server(override: (call: Call) => Reply | undefined = () => undefined) {
  return fakeServer((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/v1/users/me/sessions') return { status: 200, body: { success: true, data: sessions } };
    if (call.method === 'GET' && call.path === '/api/v1/users/me/tokens') return { status: 200, body: { success: true, message: 'API tokens retrieved', data: [] } };
    if (call.method === 'GET' && call.path === '/api/v1/users/me/notification-settings') {
      return { status: 200, body: { success: true, message: 'Notification settings fetched', data: { emailAvailable: true, kinds: DEFAULT_NOTIFICATION_DELIVERY } } };
    }
    if (call.method === 'PUT' && call.path === '/api/v1/users/me/notification-settings') {
      const { kinds } = call.body as { kinds: object };
      return {
        status: 200,
        body: { success: true, message: 'Notification settings saved', data: { emailAvailable: true, kinds: { ...DEFAULT_NOTIFICATION_DELIVERY, ...kinds } } },
      };
    }
    if (call.method === 'PUT' && call.path === '/api/v1/users/me') {
      return { status: 200, body: { success: true, message: 'Profile updated', data: { ...me, ...(call.body as object) } } };
    }
    if (call.method === 'PUT' && call.path === '/api/v1/users/me/password') return { status: 200, body: { success: true, message: 'Password changed.' } };
    if (call.method === 'DELETE' && call.path.startsWith('/api/v1/users/me/sessions')) return { status: 200, body: { success: true, message: '1 other session ended' } };
    if (call.method === 'DELETE' && call.path === '/api/v1/users/me') return { status: 200, body: { success: true, message: 'Your account has been deleted' } };
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const show = (who: Me = me) => renderScreen(<SettingsPage me={who} twoFactor={<p>Two-factor goes here</p>} />, { url: '/settings', path: '/settings', withToasts: true });

/** The browser says it is in `zone`. */
function browserIn(zone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: zone };
  });
}

describe('SettingsPage', () => {
  it('has its sections in order, the two-factor one between Sessions and Notifications', async () => {
    server();
    show();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Profile', 'Time zone', 'Password', 'Sessions', 'API tokens', 'Notifications', 'Export my data', 'Delete account']);
    const twoFactor = screen.getByText('Two-factor goes here');
    expect(screen.getByRole('region', { name: 'Sessions' }).compareDocumentPosition(twoFactor) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(twoFactor.compareDocumentPosition(screen.getByRole('region', { name: 'Notifications' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download my data' }).getAttribute('href')).toBe('/api/v1/users/me/export');
  });

  it('profile: checks the fields as registration does, then saves what changed', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    const fullName = screen.getByLabelText('Full name');
    await user.clear(fullName);
    await user.type(fullName, 'Mo');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Full name must be at least 3 characters')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.type(fullName, 'na Lisa');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ fullName: 'Mona Lisa', username: 'mona', email: 'mona@example.com' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
  });

  it("time zone: starts at the browser's when none is saved, finds a zone by search, and saves it alone", async () => {
    browserIn('Europe/Paris');
    const { calls } = server();
    const user = userEvent.setup();
    show();
    const region = screen.getByRole('region', { name: 'Time zone' });
    expect(within(region).getByText(/This browser is in Europe \/ Paris/)).toBeTruthy();
    const select = within(region).getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement;
    expect(select.value).toBe('Europe/Paris');
    expect(select.selectedOptions[0]!.textContent).toBe('Europe / Paris (this browser)');

    await user.type(within(region).getByRole('searchbox', { name: 'Search time zones' }), 'tokyo');
    const offered = [...select.options].map((option) => option.value);
    expect(offered).toContain('Asia/Tokyo');
    expect(offered).not.toContain('America/New_York');
    await user.selectOptions(select, 'Asia/Tokyo');
    await user.click(within(region).getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ timeZone: 'Asia/Tokyo' }]));
    expect(await screen.findByText('Time zone set to Asia / Tokyo')).toBeTruthy();
  });

  it('time zone: shows the saved one; "Use this browser\'s" goes back to the browser\'s', async () => {
    browserIn('Europe/Paris');
    const { calls } = server();
    const user = userEvent.setup();
    show({ ...me, timeZone: 'America/New_York' });
    const region = screen.getByRole('region', { name: 'Time zone' });
    const select = within(region).getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement;
    expect(select.value).toBe('America/New_York');
    expect((within(region).getByRole('button', { name: 'Save time zone' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(region).getByRole('button', { name: "Use this browser's (Europe / Paris)" }));
    expect(select.value).toBe('Europe/Paris');
    await user.click(within(region).getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ timeZone: 'Europe/Paris' }]));
  });

  it('profile: a taken email shows the server\'s message next to the email', async () => {
    server((call) => (call.method === 'PUT' && call.path === '/api/v1/users/me' ? failure(409, 'CONFLICT', 'Email is already registered') : undefined));
    const user = userEvent.setup();
    show();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('profile-email-error')?.textContent).toBe('Email is already registered');
  });

  it('password: the confirmation must match; a wrong current password and a common one show on their fields', async () => {
    let answer: Reply = failure(400, 'VALIDATION_ERROR', 'Current password is incorrect', [{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    const { calls } = server((call) => (call.path === '/api/v1/users/me/password' ? answer : undefined));
    const user = userEvent.setup();
    show();
    const form = screen.getByRole('region', { name: 'Password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await user.type(within(form).getByLabelText('New password'), 'violet-kettle-orbit-7');
    await user.type(within(form).getByLabelText('Confirm new password'), 'violet-kettle-orbit-8');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Passwords do not match')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'violet-kettle-orbit-7');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is incorrect')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ currentPassword: 'old-password-1', newPassword: 'violet-kettle-orbit-7' });

    answer = failure(400, 'VALIDATION_ERROR', COMMON_PASSWORD_MESSAGE, [{ field: 'newPassword', message: COMMON_PASSWORD_MESSAGE }]);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(COMMON_PASSWORD_MESSAGE)).toBeTruthy();

    answer = { status: 200, body: { success: true, message: 'Password changed.' } };
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
  });

  it('sessions: lists them with "This device" on this one, and signs out one or all others', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Firefox 133 on Linux');
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('Chrome 131 on Windows 10');
    expect(rows[1]!.textContent).toContain('10.0.0.2');

    await user.click(within(rows[1]!).getByRole('button', { name: 'End the session on Chrome 131 on Windows 10' }));
    await waitFor(() => expect(requestLines(calls)).toContain(`DELETE /api/v1/users/me/sessions/${'b'.repeat(32)}`));
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await waitFor(() => expect(requestLines(calls)).toContain('DELETE /api/v1/users/me/sessions'));
  });

  it('delete: asks for the password, shows a refusal, then lands on /login once deleted', async () => {
    let answer: Reply = failure(409, 'CONFLICT', 'You are the last admin of this project: Apollo. Make another member an admin, or delete it, first.');
    const { calls } = server((call) => (call.method === 'DELETE' && call.path === '/api/v1/users/me' ? answer : undefined));
    const user = userEvent.setup();
    const { location } = show();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText('Password is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Password'), 'my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(/last admin of this project: Apollo/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ password: 'my-password-1' });
    expect(location().pathname).toBe('/settings');

    answer = { status: 200, body: { success: true, message: 'Your account has been deleted' } };
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  it('notifications: one labelled choice per kind; saving sends only the kinds changed and confirms', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    const assigned = await screen.findByLabelText('Assigned to me');
    expect((assigned as HTMLSelectElement).value).toBe('EMAIL');
    expect((screen.getByLabelText('Comments on tasks I watch') as HTMLSelectElement).value).toBe('DIGEST');
    const region = screen.getByRole('region', { name: 'Notifications' });
    // One per kind, UNBLOCKED (issue 19) and WEBHOOK_PAUSED (issue 20) included.
    expect(within(region).getAllByRole('combobox')).toHaveLength(10);
    expect((screen.getByLabelText('Tasks I watch no longer blocked') as HTMLSelectElement).value).toBe('DIGEST');
    expect((screen.getByLabelText('Webhooks of my projects paused after failing') as HTMLSelectElement).value).toBe('EMAIL');
    const save = within(region).getByRole('button', { name: 'Save notification settings' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.selectOptions(assigned, 'In the app and in an hourly email digest');
    await user.selectOptions(screen.getByLabelText('Comments on tasks I watch'), 'In the app only');
    await user.click(save);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT' && call.path === '/api/v1/users/me/notification-settings')?.body).toEqual({
        kinds: { ASSIGNED: 'DIGEST', COMMENT: 'IN_APP' },
      }),
    );
    expect(await within(region).findByText('Your notification settings are saved.')).toBeTruthy();
    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    expect((screen.getByLabelText('Assigned to me') as HTMLSelectElement).value).toBe('DIGEST');
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('notifications: without email on the server, says so and offers in-app only', async () => {
    const { calls } = server((call) =>
      call.method === 'GET' && call.path === '/api/v1/users/me/notification-settings'
        ? { status: 200, body: { success: true, message: 'Notification settings fetched', data: { emailAvailable: false, kinds: DEFAULT_NOTIFICATION_DELIVERY } } }
        : undefined,
    );
    show();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText(/does not send email, so every notification appears in the app only/)).toBeTruthy();
    const assigned = screen.getByLabelText('Assigned to me') as HTMLSelectElement;
    expect(assigned.disabled).toBe(true);
    expect(assigned.value).toBe('IN_APP');
    expect(within(region).queryByRole('button', { name: 'Save notification settings' })).toBeNull();
    expect(calls.filter((call) => call.path.includes('notification-settings') && call.method === 'PUT')).toEqual([]);
  });
});
