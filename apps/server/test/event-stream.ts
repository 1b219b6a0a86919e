import { liveEventSchema, type LiveEvent } from '@tasklane/contract';

/** A change event exactly as the contract names it: an unknown field fails the test too. */
const exactLiveEventSchema = liveEventSchema.strict();

/** One Server-Sent Events message as a browser's EventSource would dispatch it. */
export type SseMessage = { event: string; id: string | undefined; data: string };

export type TestEventStream = {
  status: number;
  headers: Headers;
  /** The next message (comments skipped), or undefined when none comes within `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseMessage | undefined>;
  /** The next change event (`message`), skipping ready/ping; undefined when none comes in time. */
  nextChange(timeoutMs?: number): Promise<LiveEvent | undefined>;
  /** Waits until `ready` (the stream's start, after any replay); returns the messages before it. */
  ready(timeoutMs?: number): Promise<SseMessage[]>;
  /** Every message that arrives within `ms`. */
  collect(ms: number): Promise<SseMessage[]>;
  /** Whether the server ended the stream. */
  ended: () => boolean;
  close(): void;
};

/**
 * Opens GET /api/v1/events the way a browser does (fetch, reading the body as it arrives) and
 * parses its messages. Non-200 answers come back with their status and no messages.
 */
export async function openTestEventStream(
  baseUrl: string,
  cookie: string | undefined,
  options: { lastEventId?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<TestEventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (cookie) headers.cookie = cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(`${baseUrl}/api/v1/events${options.query ?? ''}`, { headers, signal: controller.signal });
  const queue: SseMessage[] = [];
  const waiters: Array<() => void> = [];
  let isEnded = false;
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());

  if (response.status === 200 && response.body) {
    void (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message = parseBlock(block);
            if (message) {
              queue.push(message);
              wake();
            }
          }
        }
      } catch {
        // Aborted by close().
      } finally {
        isEnded = true;
        wake();
      }
    })();
  } else {
    await response.body?.cancel();
    isEnded = true;
  }

  async function next(timeoutMs = 2_000): Promise<SseMessage | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (queue.length === 0) {
      if (isEnded) return undefined;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return queue.shift();
  }

  return {
    status: response.status,
    headers: response.headers,
    next,
    async nextChange(timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const message = await next(Math.max(0, deadline - Date.now()));
        if (!message) return undefined;
        if (message.event === 'message') return exactLiveEventSchema.parse(JSON.parse(message.data));
      }
    },
    async ready(timeoutMs = 5_000) {
      const before: SseMessage[] = [];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const message = await next(Math.max(0, deadline - Date.now()));
        if (!message) throw new Error(`the stream sent no ready event (got ${JSON.stringify(before)})`);
        if (message.event === 'ready') return before;
        before.push(message);
      }
    },
    async collect(ms) {
      const messages: SseMessage[] = [];
      const deadline = Date.now() + ms;
      for (;;) {
        const message = await next(Math.max(0, deadline - Date.now()));
        if (!message) return messages;
        messages.push(message);
      }
    },
    ended: () => isEnded,
    close() {
      controller.abort();
    },
  };
}

/**
 * Opens a stream, expecting 200, and returns what it sent before `ready` (a replay, or a reset),
 * closing it after.
 */
export async function messagesBeforeReady(
  baseUrl: string,
  cookie: string,
  options: Parameters<typeof openTestEventStream>[2] = {},
): Promise<SseMessage[]> {
  const stream = await openTestEventStream(baseUrl, cookie, options);
  try {
    if (stream.status !== 200) throw new Error(`the event stream answered ${stream.status}`);
    return await stream.ready();
  } finally {
    stream.close();
  }
}

/** The change events among `messages`, without the user's own notifications (the notifier's, made as it goes). */
export const changesIn = (messages: SseMessage[]): LiveEvent[] =>
  messages
    .filter((message) => message.event === 'message')
    .map((message) => JSON.parse(message.data) as LiveEvent)
    .filter((event) => !event.type.startsWith('notification.'));

function parseBlock(block: string): SseMessage | undefined {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  let hasField = false;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
    else continue;
    hasField = true;
  }
  // A block of comments or of `retry` alone dispatches nothing.
  if (!hasField || (data.length === 0 && event === 'message')) return undefined;
  return { event, id, data: data.join('\n') };
}
