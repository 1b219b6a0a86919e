import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiToken } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, pathnameOf, requestLines, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { ApiTokensSection, REVOKE_TOKEN_MESSAGE } from './api-tokens-section';

const SECRET = `tl_${'S3cr3t-_'.repeat(5)}abc`;
const existing: ApiToken = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Nightly backup',
  scope: 'read',
  createdAt: '2026-01-02T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
};

function server({ createFails }: { createFails?: Reply } = {}) {
  let tokens: ApiToken[] = [existing];
  return fakeServer((call: Call): Reply => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/users/me/tokens') return { status: 200, body: { success: true, message: 'ok', data: tokens } };
    if (call.method === 'POST' && path === '/api/v1/users/me/tokens') {
      if (createFails) return createFails;
      const body = call.body as { name: string; scope: ApiToken['scope']; expiresAt: string | null };
      const made: ApiToken = { _id: '22222222-2222-4222-8222-222222222222', name: body.name, scope: body.scope, createdAt: new Date().toISOString(), expiresAt: body.expiresAt, lastUsedAt: null };
      tokens = [made, ...tokens];
      return { status: 201, body: { success: true, message: 'API token created', data: { ...made, token: SECRET } } };
    }
    if (call.method === 'DELETE' && path.startsWith('/api/v1/users/me/tokens/')) {
      tokens = tokens.filter((token) => !path.endsWith(token._id));
      return { status: 200, body: { success: true, message: 'API token revoked' } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

describe('ApiTokensSection', () => {
  it('lists the tokens with their scope, creation, last use and expiry', async () => {
    server();
    renderScreen(<ApiTokensSection />);
    const table = await screen.findByRole('table', { name: 'Your API tokens' });
    const row = within(table).getByRole('row', { name: /Nightly backup/ });
    expect(within(row).getByText('Read only')).toBeTruthy();
    expect(within(row).getAllByText('Never')).toHaveLength(2);
    expect(within(row).getByRole('button', { name: 'Revoke the API token Nightly backup' })).toBeTruthy();
  });

  it('creates a token with the chosen scope and expiry, and shows its secret once with a copy button and a warning', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderScreen(<ApiTokensSection />, { withToasts: true });
    await screen.findByRole('table', { name: 'Your API tokens' });

    await user.type(screen.getByLabelText('Token name'), '  Deploy bot ');
    await user.selectOptions(screen.getByLabelText('Scope'), 'read-write');
    await user.type(screen.getByLabelText('Expires (optional)'), '2999-03-31');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const secret = (await screen.findByLabelText('New API token “Deploy bot”')) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    expect(screen.getByText(/Copy it now: it will not be shown again/)).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST')!.body as { name: string; scope: string; expiresAt: string };
    expect(sent).toMatchObject({ name: 'Deploy bot', scope: 'read-write' });
    // The end of that day where the person is.
    expect(new Date(sent.expiresAt).getTime()).toBe(new Date('2999-03-31T23:59:59.999').getTime());
    // The form is ready for another, and the list shows the new one.
    expect((screen.getByLabelText('Token name') as HTMLInputElement).value).toBe('');
    expect(await screen.findByRole('row', { name: /Deploy bot/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy the API token' }));
    expect(await screen.findByRole('button', { name: 'API token copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // Once dismissed, the secret is gone for good.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('says what is wrong with the form, and shows the server’s field errors', async () => {
    const { calls } = server({ createFails: failure(400, 'VALIDATION_ERROR', 'Validation failed', [{ field: 'expiresAt', message: 'Expiry must be a date in the future' }]) });
    const user = userEvent.setup();
    renderScreen(<ApiTokensSection />, { withToasts: true });
    await screen.findByRole('table', { name: 'Your API tokens' });

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Token name'), 'Script');
    await user.type(screen.getByLabelText('Expires (optional)'), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Expiry must be a date in the future')).toBeTruthy();
    expect(screen.getByLabelText('Expires (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByLabelText(/New API token/)).toBeNull();
  });

  it('revokes a token only after a confirmation', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderScreen(<ApiTokensSection />, { withToasts: true });
    const revokeButton = await screen.findByRole('button', { name: 'Revoke the API token Nightly backup' });

    await user.click(revokeButton);
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke the API token “Nightly backup”?' });
    expect(within(dialog).getByText(REVOKE_TOKEN_MESSAGE)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestLines(calls).filter((line) => line.startsWith('DELETE'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke the API token Nightly backup' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API token “Nightly backup” revoked')).toBeTruthy();
    expect(requestLines(calls).filter((line) => line.startsWith('DELETE'))).toEqual([`DELETE /api/v1/users/me/tokens/${existing._id}`]);
    expect(await screen.findByText('No API tokens yet')).toBeTruthy();
  });
});
