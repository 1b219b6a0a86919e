import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got: its headers and raw body, and the body parsed. */
export type ReceivedDelivery = { headers: http.IncomingHttpHeaders; raw: string; body: any; answeredWith: number };

/**
 * A webhook receiver on loopback, as a test's own node:http server: it records every request
 * and answers with `status()` (200 unless a test says otherwise).
 */
export async function startWebhookReceiver(options: { status?: (received: number) => number } = {}) {
  const received: ReceivedDelivery[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const status = options.status?.(received.length) ?? 200;
      received.push({ headers: request.headers, raw, body, answeredWith: status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** The first delivery (in arrival order) that `matches`, waiting up to `timeoutMs` for it. */
    async waitFor(matches: (delivery: ReceivedDelivery) => boolean, timeoutMs = 20_000): Promise<ReceivedDelivery> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(matches);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No matching delivery within ${timeoutMs} ms; got: ${received.map((delivery) => delivery.body?.event).join(', ') || 'none'}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** The documented check (docs/api.md): HMAC-SHA256 of the raw body with the secret, hex, after `sha256=`, compared in constant time. */
export function isSignedBy(secret: string, delivery: ReceivedDelivery): boolean {
  const header = delivery.headers['x-tasklane-signature-256'];
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(delivery.raw).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
