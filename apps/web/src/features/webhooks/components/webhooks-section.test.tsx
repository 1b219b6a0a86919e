import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook, WebhookDelivery } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, pathnameOf } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import WebhooksSection from './webhooks-section';

// Issue 20: the project page's Webhooks area.

const base = '/api/v1/projects/project-1/webhooks';
const webhook: Webhook = {
  _id: 'webhook-1',
  projectId: 'project-1',
  url: 'https://hooks.example.com/in',
  events: ['task.created'],
  active: true,
  pausedReason: null,
  failingSince: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const delivery: WebhookDelivery = {
  _id: 'delivery-1',
  webhookId: 'webhook-1',
  event: 'task.created',
  status: 'SUCCEEDED',
  attempts: 1,
  responseCode: 200,
  durationMs: 42,
  error: null,
  redeliveryOf: null,
  createdAt: '2026-11-28T10:01:00.000Z',
  lastAttemptAt: '2026-11-28T10:01:01.000Z',
  nextAttemptAt: null,
};

function serve(listed: Webhook[]) {
  return fakeServer((call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === base) return { status: 200, body: { success: true, message: 'ok', data: listed } };
    if (call.method === 'POST' && path === base) {
      const body = call.body as { url: string; events: string[]; active: boolean };
      if (body.url.includes('10.0.0.1')) {
        const message = 'Webhooks cannot be sent there: 10.0.0.1 is a private address';
        return { status: 400, body: { success: false, code: 'VALIDATION_ERROR', message, errors: [{ field: 'url', message }] } };
      }
      listed.push({ ...webhook, _id: 'webhook-2', url: body.url, events: body.events as Webhook['events'], active: body.active });
      return { status: 201, body: { success: true, message: 'Webhook added successfully', data: { ...listed.at(-1), secret: 'whsec_shown_once' } } };
    }
    if (call.method === 'GET' && path === `${base}/webhook-1/deliveries`) return { status: 200, body: { success: true, message: 'ok', data: [delivery] } };
    if (call.method === 'POST' && path === `${base}/webhook-1/deliveries/delivery-1/redeliver`)
      return { status: 202, body: { success: true, message: 'Redelivery queued', data: { ...delivery, _id: 'delivery-2', status: 'PENDING', redeliveryOf: 'delivery-1' } } };
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

describe('the Webhooks area', () => {
  it('adds a webhook: needs an event, shows the server refusing a private address beside the URL, then the secret once', async () => {
    const { calls } = serve([]);
    const user = userEvent.setup();
    renderScreen(<WebhooksSection projectId="project-1" />, { withToasts: true });
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(form).getByLabelText('Payload URL'), 'http://10.0.0.1/hook');
    await user.click(within(form).getByRole('checkbox', { name: 'task.created' }));
    await user.click(within(form).getByRole('checkbox', { name: 'task.updated' }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText('Choose at least one event')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(within(form).getByRole('checkbox', { name: 'comment.created' }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText('Webhooks cannot be sent there: 10.0.0.1 is a private address')).toBeTruthy();

    await user.clear(within(form).getByLabelText('Payload URL'));
    await user.type(within(form).getByLabelText('Payload URL'), 'https://hooks.example.com/new');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect((within(secret).getByLabelText('Secret') as HTMLInputElement).value).toBe('whsec_shown_once');
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ url: 'https://hooks.example.com/new', events: ['comment.created'], active: true });
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect((await screen.findByRole('listitem', { name: 'Webhook https://hooks.example.com/new' })).textContent).toContain('comment.created');
  });

  it("lists a webhook's recent deliveries and redelivers one", async () => {
    const { calls } = serve([webhook]);
    const user = userEvent.setup();
    renderScreen(<WebhooksSection projectId="project-1" />, { withToasts: true });
    const item = await screen.findByRole('listitem', { name: `Webhook ${webhook.url}` });
    expect(within(item).getByText('Active')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Recent deliveries' }));
    const table = await within(item).findByRole('table', { name: `Deliveries of ${webhook.url}` });
    const row = within(table).getAllByRole('row')[1]!;
    expect((row).textContent).toContain('task.created');
    expect((row).textContent).toContain('Delivered');
    expect((row).textContent).toContain('200');
    expect((row).textContent).toContain('42 ms');
    await user.click(within(row).getByRole('button', { name: /^Redeliver task.created/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && pathnameOf(call).endsWith('/redeliver'))).toBe(true));
  });
});
