import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@tasklane/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { markStale } from '@/lib/stale-queries';
import { fakeServer, type Call } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { NotificationBell } from './notification-bell';
import { notification } from './notification-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = (data: Notification[]) => ({ success: true, data, total: data.length, pagination: { total: 1, page: 1, limit: 8 }, message: 'ok' });

describe('NotificationBell', () => {
  it('names its unread count, opens the panel of the latest, and opening one marks it read and goes to its task', async () => {
    let count = 2;
    const calls: Call[] = [];
    fakeServer((call) => {
      calls.push(call);
      if (call.path === '/api/v1/notifications/unread-count') return { status: 200, body: { success: true, data: { count }, message: 'ok' } };
      if (call.path.startsWith('/api/v1/notifications?')) return { status: 200, body: page([notification('n1'), notification('n2', { read: true })]) };
      if (call.method === 'PUT') {
        count = 1;
        return { status: 200, body: { success: true, data: { ...notification('n1'), read: true }, message: 'ok' } };
      }
      return { status: 404, body: {} };
    });
    const user = userEvent.setup();
    // On every route, as in the header: it stays when the link leads away.
    const { location } = renderScreen(<NotificationBell />, { url: '/', path: '*' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(panel).findByRole('list', { name: 'Latest notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(panel).getByRole('link', { name: 'Open inbox' }).getAttribute('href')).toBe('/inbox');

    await user.click(within(list).getByRole('link', { name: /Unread: Ann assigned you “Task n1”/ }));
    await waitFor(() => expect(location().pathname).toBe('/dashboard/projects/p1/features/f1/task/task-n1'));
    expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/v1/notifications/n1/read')).toBe(true);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('rises when a live notification arrives, and Mark all read empties it', async () => {
    let count = 0;
    fakeServer((call) => {
      if (call.path === '/api/v1/notifications/unread-count') return { status: 200, body: { success: true, data: { count }, message: 'ok' } };
      if (call.path.startsWith('/api/v1/notifications?')) return { status: 200, body: page(count ? [notification('n1')] : []) };
      if (call.path === '/api/v1/notifications/read-all') {
        count = 0;
        return { status: 200, body: { success: true, data: { updated: 1 }, message: 'ok' } };
      }
      return { status: 404, body: {} };
    });
    const user = userEvent.setup();
    const { queryClient } = renderScreen(<NotificationBell />, { url: '/', path: '/' });
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    expect(screen.queryByTestId('notification-count')).toBeNull();

    count = 1;
    await markStale(queryClient, [{ type: 'notification.created', entityId: 'n1' }]);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
    expect(queryClient.getQueryData(queryKeys.unreadNotificationCount())).toBe(1);

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByRole('list', { name: 'Latest notifications' });
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications, none unread' }));
  });
});
