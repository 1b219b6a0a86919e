import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, pathnameOf, requestLines, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { CalendarFeedSection, RESET_FEED_MESSAGE } from './calendar-feed-section';

const FIRST = `https://tasks.example.com/api/v1/calendar/${'a'.repeat(43)}.ics`;
const SECOND = `https://tasks.example.com/api/v1/calendar/${'b'.repeat(43)}.ics`;

function server({ resetFails = false } = {}) {
  let current = FIRST;
  return fakeServer((call: Call): Reply => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/users/me/calendar-feed') return { status: 200, body: { success: true, message: 'ok', data: { url: current } } };
    if (call.method === 'POST' && path === '/api/v1/users/me/calendar-feed/reset') {
      if (resetFails) return failure(429, 'RATE_LIMITED', 'Too many requests');
      current = SECOND;
      return { status: 200, body: { success: true, message: 'reset', data: { url: current } } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

describe('CalendarFeedSection', () => {
  it('shows the feed URL and copies it', async () => {
    server();
    const user = userEvent.setup();
    renderScreen(<CalendarFeedSection />);
    const field = (await screen.findByLabelText('Calendar feed URL')) as HTMLInputElement;
    expect(field.value).toBe(FIRST);
    expect(field.readOnly).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Copy the calendar feed URL' }));
    expect(await screen.findByRole('button', { name: 'Calendar feed URL copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(FIRST);
  });

  it('resets only after a confirmation that says the old URL stops working, then shows the new URL', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderScreen(<CalendarFeedSection />, { withToasts: true });
    const field = (await screen.findByLabelText('Calendar feed URL')) as HTMLInputElement;

    // Cancelling changes nothing.
    await user.click(screen.getByRole('button', { name: 'Reset the calendar feed URL' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Reset the calendar feed URL?' });
    expect(within(dialog).getByText(RESET_FEED_MESSAGE)).toBeTruthy();
    expect(RESET_FEED_MESSAGE).toContain('stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestLines(calls).filter((line) => line.startsWith('POST'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset the calendar feed URL' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Reset the calendar feed URL?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(field.value).toBe(SECOND));
    expect(requestLines(calls).filter((line) => line.startsWith('POST'))).toEqual(['POST /api/v1/users/me/calendar-feed/reset']);
    expect(await screen.findByText('Calendar feed URL reset')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('keeps the URL and says so when the reset fails', async () => {
    server({ resetFails: true });
    const user = userEvent.setup();
    renderScreen(<CalendarFeedSection />, { withToasts: true });
    const field = (await screen.findByLabelText('Calendar feed URL')) as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: 'Reset the calendar feed URL' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Too many requests')).toBeTruthy();
    expect(field.value).toBe(FIRST);
  });
});
