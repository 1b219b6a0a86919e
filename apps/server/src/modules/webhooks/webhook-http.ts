import http from 'node:http';
import https from 'node:https';
import { guardedLookup, refusalOfUrl, RefusedAddressError, type AddressPolicy } from './webhook-address.js';

/** What a delivery attempt came to: the receiver's status (2xx is success), or why it never answered. */
export type AttemptOutcome = { ok: boolean; statusCode: number | null; durationMs: number; error: string | null };

/** The most of a receiver's answer that is read (then the connection is dropped): only its status matters. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs `body` to `target` once: no redirect is followed (a 3xx is a failure, as any non-2xx),
 * the whole exchange ends after `timeoutMs`, and the socket connects only to an address the
 * policy allows, checked after DNS and pinned for the connection (webhook-address.ts).
 */
export function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; policy: AddressPolicy },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      resolve({ ok: false, statusCode: null, durationMs: 0, error: 'The URL is not valid' });
      return;
    }
    const refusal = refusalOfUrl(url, options.policy);
    if (refusal) {
      resolve({ ok: false, statusCode: null, durationMs: 0, error: `Refused: ${refusal} (private addresses need WEBHOOK_ALLOW_PRIVATE=true)` });
      return;
    }
    let isSettled = false;
    const settle = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.policy) as never,
        // A fresh connection each time: a kept-alive socket would skip the address check.
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () =>
          settle({ ok: statusCode >= 200 && statusCode < 300, statusCode, error: statusCode >= 200 && statusCode < 300 ? null : `The receiver answered ${statusCode}` });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${Math.round(options.timeoutMs / 1000)} s`));
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const message =
        error instanceof RefusedAddressError
          ? `${error.message} (private addresses need WEBHOOK_ALLOW_PRIVATE=true)`
          : error.code && !error.message.includes(error.code)
            ? `${error.message} (${error.code})`
            : error.message;
      settle({ ok: false, statusCode: null, error: message.slice(0, 500) });
    });
    request.end(body);
  });
}
