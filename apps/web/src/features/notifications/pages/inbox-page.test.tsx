import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@tasklane/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Call } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { notification } from '../components/notification-fixture';
import InboxPage from './inbox-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InboxPage', () => {
  it('lists them, filters All / Unread and by kind in the URL, pages, and marks one or all read', async () => {
    const calls: Call[] = [];
    const collapsed = notification('n2', {
      kind: 'COMMENT',
      text: 'Ann commented\nAnn assigned you',
      items: [
        { kind: 'COMMENT', text: 'Ann commented on “Task n2”', at: '2026-11-24T10:01:00.000Z' },
        { kind: 'ASSIGNED', text: 'Ann assigned you “Task n2”', at: '2026-11-24T10:00:00.000Z' },
      ],
    });
    fakeServer((call) => {
      calls.push(call);
      if (call.method === 'GET') {
        const data: Notification[] = [collapsed, notification('n1', { read: true })];
        return { status: 200, body: { success: true, data, total: 45, pagination: { total: 3, page: 1, limit: 20 }, message: 'ok' } };
      }
      if (call.path === '/api/v1/notifications/read-all') return { status: 200, body: { success: true, data: { updated: 1 }, message: 'ok' } };
      return { status: 200, body: { success: true, data: { ...collapsed, read: true }, message: 'ok' } };
    });
    const user = userEvent.setup();
    const { location } = renderScreen(<InboxPage />, { url: '/inbox', path: '/inbox' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(items).toHaveLength(2);
    // A collapsed one lists its earlier events under its newest.
    expect(within(items[0]!).getByRole('link').textContent).toContain('Ann commented on “Task n2”');
    expect(within(within(items[0]!).getByRole('list', { name: 'Earlier on this task' })).getByText('Ann assigned you “Task n2”')).toBeTruthy();
    expect(calls[0]!.path).toBe('/api/v1/notifications?page=1&limit=20');

    await user.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(location().search).toBe('?unread=true'));
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/v1/notifications?page=1&limit=20&unread=true'));
    expect(screen.getByRole('button', { name: 'Unread' }).getAttribute('aria-pressed')).toBe('true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'MENTION');
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/v1/notifications?page=1&limit=20&unread=true&kind=MENTION'));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/v1/notifications?page=2&limit=20&unread=true&kind=MENTION'));

    await user.click(screen.getByRole('button', { name: 'Mark read: Ann commented on “Task n2”' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/v1/notifications/n2/read')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/v1/notifications/read-all')).toBe(true));
  });

  it('shows due-date reminders with their own labels, a todo\'s linking to the todos, and filters by them', async () => {
    const calls: Call[] = [];
    const overdue = notification('r1', {
      kind: 'OVERDUE',
      actor: null,
      task: undefined,
      project: undefined,
      feature: undefined,
      todo: { _id: 'todo-1', title: 'Buy milk' },
      text: 'Your todo “Buy milk” is overdue: it was due Nov 23, 2026',
      url: '/',
    });
    const dueSoon = notification('r2', { kind: 'DUE_SOON', actor: null, text: '“Task r2” in Website › Sign-in is due by the end of Nov 24, 2026' });
    fakeServer((call) => {
      calls.push(call);
      return { status: 200, body: { success: true, data: [overdue, dueSoon], total: 2, pagination: { total: 1, page: 1, limit: 20 }, message: 'ok' } };
    });
    const user = userEvent.setup();
    renderScreen(<InboxPage />, { url: '/inbox', path: '/inbox' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(within(first!).getByRole('link').textContent).toContain('Your todo “Buy milk” is overdue: it was due Nov 23, 2026');
    expect(within(first!).getByRole('link').getAttribute('href')).toBe('/');
    expect(within(first!).getByText('Overdue')).toBeTruthy();
    expect(within(second!).getByText('Due soon')).toBeTruthy();

    const kinds = screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement;
    expect([...kinds.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Due soon', 'Overdue']));
    await user.selectOptions(kinds, 'OVERDUE');
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/v1/notifications?page=1&limit=20&kind=OVERDUE'));
  });
});
