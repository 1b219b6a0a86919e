import type { AdminUser, Invite, RegistrationMode } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, failure, pathnameOf, queryOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import AdminPage from './admin-page';

const adminUser = (id: string, fullName: string, overrides: Partial<AdminUser> = {}): AdminUser => ({
  _id: id,
  username: fullName.toLowerCase().replace(/\s+/g, '.'),
  fullName,
  email: `${fullName.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  avatar: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastSeenAt: null,
  isAdmin: false,
  deactivated: false,
  twoFactorEnabled: false,
  ...overrides,
});

const me = adminUser('u-me', 'Ada Admin', { isAdmin: true, twoFactorEnabled: true, lastSeenAt: new Date().toISOString() });
const bob = adminUser('u-bob', 'Bob Builder');
const cleo = adminUser('u-cleo', 'Cleo Gone', { deactivated: true });

/** The admin API as the server answers it, over a small instance the test can change. */
function adminServer(options: { users?: AdminUser[]; invites?: Invite[]; registration?: RegistrationMode; refuseUpdates?: Reply } = {}) {
  const state = { users: options.users ?? [me, bob, cleo], invites: options.invites ?? [], registration: options.registration ?? ('open' as RegistrationMode) };
  const ok = (body: object, status = 200): Reply => ({ status, body: { success: true, message: 'OK', ...body } });
  const respond = (call: Call): Reply => {
    const path = pathnameOf(call);
    if (path === '/api/v1/admin/users' && call.method === 'GET') {
      const { search = '', page = '1', limit = '20' } = queryOf(call);
      const found = state.users.filter((user) => `${user.fullName} ${user.username} ${user.email}`.toLowerCase().includes(search.toLowerCase()));
      return ok({ data: found, total: found.length, pagination: { total: Math.ceil(found.length / Number(limit)), page: Number(page), limit: Number(limit) } });
    }
    const userMatch = /^\/api\/v1\/admin\/users\/([^/]+)$/.exec(path);
    if (userMatch && call.method === 'PUT') {
      if (options.refuseUpdates) return options.refuseUpdates;
      const body = call.body as { isAdmin?: boolean; deactivated?: boolean };
      state.users = state.users.map((user) => (user._id === userMatch[1] ? { ...user, ...body } : user));
      return ok({ data: state.users.find((user) => user._id === userMatch[1]) });
    }
    if (userMatch && call.method === 'DELETE') {
      state.users = state.users.filter((user) => user._id !== userMatch[1]);
      return ok({});
    }
    if (/^\/api\/v1\/admin\/users\/[^/]+\/reset-link$/.test(path)) return ok({ data: { url: 'http://tasklane.test/reset-password?token=RESET', expiresAt: '2026-11-24T13:00:00.000Z' } });
    if (path === '/api/v1/admin/settings') {
      if (call.method === 'PUT') state.registration = (call.body as { registration: RegistrationMode }).registration;
      return ok({ data: { registration: state.registration } });
    }
    if (path === '/api/v1/admin/invites' && call.method === 'GET') return ok({ data: state.invites });
    if (path === '/api/v1/admin/invites' && call.method === 'POST') {
      const body = call.body as { email: string | null; expiresAt: string | null };
      state.invites = [{ _id: `i-${state.invites.length + 1}`, email: body.email, createdAt: new Date().toISOString(), expiresAt: body.expiresAt, usedAt: null, status: 'pending' }, ...state.invites];
      return ok({ data: { _id: state.invites[0]!._id, url: 'http://tasklane.test/register?invite=INVITE' } }, 201);
    }
    const inviteMatch = /^\/api\/v1\/admin\/invites\/([^/]+)$/.exec(path);
    if (inviteMatch && call.method === 'DELETE') {
      state.invites = state.invites.map((invite) => (invite._id === inviteMatch[1] ? { ...invite, status: 'revoked' as const } : invite));
      return ok({});
    }
    if (path === '/api/v1/admin/instance') {
      return ok({
        data: {
          version: '1.16.0',
          database: { kind: 'embedded', version: '17.10', description: 'Embedded PostgreSQL 17.10' },
          counts: { users: 1234, projects: 5, tasks: 67 },
          attachmentBytes: 3.5 * 1024 * 1024,
        },
      });
    }
    return failure(404, 'NOT_FOUND', `No fake for ${call.method} ${path}`);
  };
  return { ...fakeServer(respond), state };
}

const renderAdmin = () => renderScreen(<AdminPage currentUserId={me._id} />, { url: '/admin', withToasts: true });
const usersTable = () => screen.getByRole('table', { name: 'Users' });
const rowOf = (name: string) => within(usersTable()).getByText(name).closest('tr')!;

describe('AdminPage', () => {
  it('lists the users with their badges, two-factor state and last sign-in, and searches on the server', async () => {
    const { calls } = adminServer();
    const user = userEvent.setup();
    renderAdmin();

    expect(await screen.findByText('Bob Builder')).toBeTruthy();
    expect(within(rowOf('Ada Admin')).getByText('Admin')).toBeTruthy();
    expect(within(rowOf('Ada Admin')).getByText('You')).toBeTruthy();
    expect(within(rowOf('Ada Admin')).getByText('2FA on')).toBeTruthy();
    expect(within(rowOf('Ada Admin')).getByText('just now')).toBeTruthy();
    expect(within(rowOf('Cleo Gone')).getByText('Deactivated')).toBeTruthy();
    expect(within(rowOf('Bob Builder')).getByText('Never')).toBeTruthy();
    expect(screen.getByText('3 users')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search name, username or email' }), 'bob');
    await waitFor(() => expect(within(usersTable()).queryByText('Cleo Gone')).toBeNull());
    const searches = calls.filter((call) => pathnameOf(call) === '/api/v1/admin/users').map(queryOf);
    expect(searches.at(-1)).toEqual({ page: '1', limit: '20', search: 'bob' });
  });

  it('makes an administrator, deactivates and reactivates from the row actions', async () => {
    const { calls } = adminServer();
    const user = userEvent.setup();
    renderAdmin();

    await user.click(await screen.findByRole('button', { name: 'Actions for Bob Builder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make administrator' }));
    expect(await screen.findByText('Bob Builder is now an administrator')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Bob Builder')).getByText('Admin')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Actions for Bob Builder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    expect(await screen.findByText('Bob Builder was deactivated and signed out everywhere')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for Cleo Gone' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivate' }));
    await waitFor(() => expect(within(rowOf('Cleo Gone')).queryByText('Deactivated')).toBeNull());

    const puts = calls.filter((call) => call.method === 'PUT').map((call) => [pathnameOf(call), call.body]);
    expect(puts).toEqual([
      ['/api/v1/admin/users/u-bob', { isAdmin: true }],
      ['/api/v1/admin/users/u-bob', { deactivated: true }],
      ['/api/v1/admin/users/u-cleo', { deactivated: false }],
    ]);
  });

  it("does not offer to deactivate or delete one's own account", async () => {
    adminServer();
    const user = userEvent.setup();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ada Admin' }));
    expect((await screen.findByRole('menuitem', { name: 'Deactivate' })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Delete account' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows the server\'s reason when it refuses (the last administrator)', async () => {
    adminServer({
      users: [me],
      refuseUpdates: failure(409, 'CONFLICT', 'This is the last administrator of this instance: make someone else an administrator first.'),
    });
    const user = userEvent.setup();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ada Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove administrator' }));
    expect(await screen.findByText('This is the last administrator of this instance: make someone else an administrator first.')).toBeTruthy();
  });

  it('makes a password-reset link and shows it with a copy button', async () => {
    const { calls } = adminServer();
    const user = userEvent.setup();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Actions for Bob Builder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make password-reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password-reset link' });
    expect(((await within(dialog).findByLabelText('Reset link')) as HTMLInputElement).value).toBe('http://tasklane.test/reset-password?token=RESET');
    expect(within(dialog).getByRole('button', { name: 'Copy reset link' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => pathnameOf(call))).toEqual(['/api/v1/admin/users/u-bob/reset-link']);
  });

  it('deletes an account after confirming', async () => {
    const { calls } = adminServer();
    const user = userEvent.setup();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Actions for Bob Builder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete account' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete account' });
    expect(within(confirm).getByText(/Delete Bob Builder's account\?/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText("Bob Builder's account was deleted")).toBeTruthy();
    await waitFor(() => expect(within(usersTable()).queryByText('Bob Builder')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => pathnameOf(call))).toEqual(['/api/v1/admin/users/u-bob']);
  });

  it('saves the registration setting as soon as it is picked', async () => {
    const { calls } = adminServer();
    const user = userEvent.setup();
    renderAdmin();
    const closed = await screen.findByRole('radio', { name: /Closed/ });
    expect((screen.getByRole('radio', { name: /Open/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(closed);
    expect(await screen.findByText('Registration is closed')).toBeTruthy();
    expect((closed as HTMLInputElement).checked).toBe(true);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ registration: 'closed' }]);
  });

  it('creates an invite for an email until a day, shows its link once, lists it and revokes it', async () => {
    const { calls } = adminServer();
    const user = userEvent.setup();
    renderAdmin();
    await user.type(await screen.findByLabelText('Email (optional)'), 'new.colleague@example.com');
    await user.type(screen.getByLabelText('Expires (optional)'), '2030-06-30');
    await user.click(screen.getByRole('button', { name: 'Create invite' }));

    expect(((await screen.findByLabelText('Invite link')) as HTMLInputElement).value).toBe('http://tasklane.test/register?invite=INVITE');
    expect(screen.getByText(/it is shown only once/)).toBeTruthy();
    const created = calls.find((call) => call.method === 'POST' && pathnameOf(call) === '/api/v1/admin/invites')!;
    expect(created.body).toEqual({ email: 'new.colleague@example.com', expiresAt: new Date('2030-06-30T23:59:59.999').toISOString() });

    const invites = await screen.findByRole('table', { name: 'Invites' });
    const row = within(invites).getByText('new.colleague@example.com').closest('tr')!;
    expect(within(row).getByText('Pending')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /Revoke the invite for new.colleague@example.com/ }));
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeTruthy());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => pathnameOf(call))).toEqual(['/api/v1/admin/invites/i-1']);
  });

  it('shows the instance facts for people', async () => {
    adminServer();
    renderAdmin();
    const instance = await screen.findByRole('region', { name: 'Instance' });
    expect(await within(instance).findByText('Embedded PostgreSQL 17.10')).toBeTruthy();
    expect(within(instance).getByText('1,234')).toBeTruthy();
    expect(within(instance).getByText('3.5 MB')).toBeTruthy();
    expect(within(instance).getByText('1.16.0')).toBeTruthy();
  });
});
