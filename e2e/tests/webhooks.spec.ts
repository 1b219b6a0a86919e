import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../fixtures';
import { seedFeature, seedProjectGround, seedTask } from '../seed';

/** A webhook receiver run by the test, on loopback (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=true). */
async function startReceiver() {
  const received: Array<{ raw: string; signature: string | undefined; event: string | undefined }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['x-tasklane-signature-256'];
      received.push({ raw: Buffer.concat(chunks).toString('utf8'), signature: typeof signature === 'string' ? signature : undefined, event: request.headers['x-tasklane-event'] as string });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// Issue 20: a project admin adds a webhook on the project page and sees a delivery arrive.
test('a project admin adds a webhook, copies its secret, and sees a signed delivery arrive and listed', async ({ page, signedInUser }) => {
  void signedInUser;
  const receiver = await startReceiver();
  try {
    const { project, category } = await seedProjectGround(page.request, { project: 'Hooked Project' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Launch' });

    await page.goto(`/dashboard/projects/${project._id}`);
    await page.getByRole('button', { name: 'Webhooks' }).click();
    const area = page.getByRole('region', { name: 'Webhooks' });
    await expect(area.getByText('No webhooks yet.')).toBeVisible();
    await area.getByRole('button', { name: 'Add webhook' }).click();

    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByRole('textbox', { name: 'Payload URL' }).fill(receiver.url);
    await form.getByRole('checkbox', { name: 'task.updated' }).uncheck();
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await secretDialog.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(area.getByRole('listitem', { name: `Webhook ${receiver.url}` })).toContainText('task.created');

    // A change in the project: the receiver hears it, signed with the secret shown once.
    await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Announce it' });
    await expect.poll(() => receiver.received.filter((delivery) => delivery.event === 'task.created').length).toBe(1);
    const delivery = receiver.received.find((each) => each.event === 'task.created')!;
    expect(delivery.signature).toBe(`sha256=${createHmac('sha256', secret).update(delivery.raw).digest('hex')}`);
    expect(JSON.parse(delivery.raw)).toMatchObject({ event: 'task.created', project: { _id: project._id }, data: { title: 'Announce it' } });

    // Listed among the webhook's deliveries, delivered with the receiver's 200.
    await area.getByRole('button', { name: 'Recent deliveries' }).click();
    const deliveries = area.getByRole('table', { name: `Deliveries of ${receiver.url}` });
    const row = deliveries.getByRole('row').filter({ hasText: 'task.created' });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('200');

    // Redeliver sends it again.
    await row.getByRole('button', { name: /^Redeliver task.created/ }).click();
    await expect.poll(() => receiver.received.filter((each) => each.event === 'task.created').length).toBe(2);
    await expect(deliveries.getByRole('row').filter({ hasText: '(redelivery)' })).toContainText('Delivered');
  } finally {
    await receiver.close();
  }
});
