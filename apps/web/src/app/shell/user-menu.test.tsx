import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderScreen } from '@/lib/testing/render';
import { UserMenu } from './user-menu';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('UserMenu', () => {
  it('shows the initials, and opens Settings and Sign out from the keyboard', async () => {
    fakeServer(() => ({ status: 200, body: { success: true, message: 'Logged out successfully' } }));
    const user = userEvent.setup();
    const { location } = renderScreen(<UserMenu user={person('me', 'Mona Lisa')} />, { url: '/', path: '/' });
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(screen.getByRole('img', { name: 'Mona Lisa' }).querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('ML');
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Settings', 'Sign out']);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(location().pathname).toBe('/settings'));
  });

  it('Sign out signs out and opens /login, which remembers the page to come back to', async () => {
    const { calls } = fakeServer(() => ({ status: 200, body: { success: true, message: 'Logged out successfully' } }));
    const user = userEvent.setup();
    const { location } = renderScreen(<UserMenu user={person('me', 'Mona Lisa')} />, { url: '/settings?tab=security', path: '/settings' });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().state).toEqual({ from: '/settings?tab=security' });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/v1/auth/logout']);
  });

  it('shows the avatar image, and the initials again when it cannot load', async () => {
    fakeServer(() => ({ status: 404, body: {} }));
    renderScreen(<UserMenu user={{ ...person('me', 'Mona Lisa'), avatar: '/api/v1/users/me/avatar?v=1' }} />, { url: '/', path: '/' });
    const image = screen.getByRole('img', { name: 'Mona Lisa' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Mona Lisa' }).querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('ML'));
  });
});
