import { INVALID_UNSUBSCRIBE_LINK_MESSAGE } from '@tasklane/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, pathnameOf, queryOf } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import UnsubscribePage from './unsubscribe-page';

const TOKEN = 'u1.0b7a4f3e-9c1d-4f55-8d5b-2f0c8a6e7d11.5.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PATH = '/api/v1/notifications/unsubscribe';

const show = (url = `/unsubscribe?token=${encodeURIComponent(TOKEN)}`) => renderScreen(<UnsubscribePage />, { url, path: '/unsubscribe' });

/** The link's kinds, emailed until the POST turns them off. */
function server() {
  let emailed = ['ASSIGNED', 'COMMENT'];
  return fakeServer((call) => {
    if (pathnameOf(call) !== PATH || queryOf(call).token !== TOKEN) return failure(404, 'NOT_FOUND', 'Not found');
    if (call.method === 'POST') emailed = [];
    return { status: 200, body: { success: true, message: 'ok', data: { kinds: ['ASSIGNED', 'COMMENT'], emailedKinds: emailed } } };
  });
}

describe('UnsubscribePage', () => {
  it('says which emails the link stops, changes nothing until asked, then confirms', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('heading', { name: 'Stop these emails?' })).toBeTruthy();
    expect(screen.getByText('Assigned to me')).toBeTruthy();
    expect(screen.getByText('Comments on tasks I watch')).toBeTruthy();
    expect(calls.map((call) => [call.method, pathnameOf(call), queryOf(call)])).toEqual([['GET', PATH, { token: TOKEN }]]);

    await user.click(screen.getByRole('button', { name: 'Turn off these emails' }));
    expect(await screen.findByRole('heading', { name: 'Emails turned off' })).toBeTruthy();
    expect(screen.getByText(/They still appear in Tasklane/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [pathnameOf(call), queryOf(call), call.body])).toEqual([[PATH, { token: TOKEN }, undefined]]);
    expect(screen.getByRole('link', { name: 'All your notification settings' }).getAttribute('href')).toBe('/settings');
  });

  it("shows the server's refusal of a forged link", async () => {
    fakeServer(() => failure(400, 'VALIDATION_ERROR', INVALID_UNSUBSCRIBE_LINK_MESSAGE));
    show();
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByText(INVALID_UNSUBSCRIBE_LINK_MESSAGE)).toBeTruthy();
  });

  it('a link without a token is invalid without asking the server', async () => {
    const { calls } = fakeServer(() => failure(404, 'NOT_FOUND', 'Not found'));
    show('/unsubscribe');
    expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
