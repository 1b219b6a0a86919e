import { vi } from 'vitest';

/**
 * Component tests: a stand-in for the server behind the browser's two ways of calling it,
 * `fetch` and `XMLHttpRequest` (uploads, for their progress). Both feed the same `respond`, and
 * every call is recorded, so a test states what the user did and which requests went out,
 * whatever way the client happens to make them.
 */

/** A request as the server would see it: method, path with its query, and the parsed body. */
export type Call = { method: string; path: string; body?: unknown };
export type Reply = { status: number; body: unknown };
/** A reply now, or later (a promise the test resolves, to look at the screen while it waits). */
export type Respond = (call: Call) => Reply | Promise<Reply>;

/** A multipart body as [field, value] pairs, a file given by its name. */
export type FormEntries = Array<[string, string]>;

const ORIGIN = 'http://tasklane.test';

/** '/api/v1/x?y=1' from any spelling of a URL the client may use. */
function pathOf(input: string | URL): string {
  const url = new URL(String(input), ORIGIN);
  return url.origin === ORIGIN || String(input).startsWith('/') ? `${url.pathname}${url.search}` : url.href;
}

function parseBody(body: unknown): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  if (body instanceof FormData) {
    const entries: FormEntries = [];
    body.forEach((value, field) => entries.push([field, typeof value === 'string' ? value : value.name]));
    return entries;
  }
  return body;
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/** A JSON answer. */
const toResponse = (reply: Reply) =>
  new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status: reply.status,
    headers: { 'content-type': 'application/json' },
  });

type Listener = (event: unknown) => void;

/** The part of XMLHttpRequest an upload uses, answered by `respond`. */
function fakeXhrClass(record: (call: Call) => Promise<Reply>) {
  return class FakeXMLHttpRequest {
    static readonly UNSENT = 0;
    static readonly OPENED = 1;
    static readonly DONE = 4;
    readyState = 0;
    status = 0;
    responseText = '';
    response: unknown = '';
    responseType = '';
    withCredentials = false;
    timeout = 0;
    onload: Listener | null = null;
    onerror: Listener | null = null;
    onabort: Listener | null = null;
    onloadend: Listener | null = null;
    onreadystatechange: Listener | null = null;
    private method = 'GET';
    private url = '';
    private isAborted = false;
    private readonly listeners = new Map<string, Listener[]>();
    private readonly uploadListeners = new Map<string, Listener[]>();
    readonly requestHeaders: Record<string, string> = {};
    readonly upload = {
      onprogress: null as Listener | null,
      addEventListener: (type: string, listener: Listener) => this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]),
      removeEventListener: () => {},
    };

    open(method: string, url: string | URL) {
      this.method = method.toUpperCase();
      this.url = String(url);
      this.readyState = 1;
    }
    setRequestHeader(name: string, value: string) {
      this.requestHeaders[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    removeEventListener(type: string, listener: Listener) {
      this.listeners.set(
        type,
        (this.listeners.get(type) ?? []).filter((candidate) => candidate !== listener),
      );
    }
    send(body?: unknown) {
      const call: Call = { method: this.method, path: pathOf(this.url), body: parseBody(body) };
      void record(call).then(
        (reply) => {
          if (this.isAborted) return;
          const size = 100;
          const progress = { lengthComputable: true, loaded: size, total: size };
          this.upload.onprogress?.(progress);
          for (const listener of this.uploadListeners.get('progress') ?? []) listener(progress);
          this.status = reply.status;
          this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
          this.response = this.responseType === 'json' ? reply.body : this.responseText;
          this.readyState = 4;
          this.emit('readystatechange');
          this.emit('load');
          this.emit('loadend');
        },
        () => {
          if (this.isAborted) return;
          this.readyState = 4;
          this.emit('error');
          this.emit('loadend');
        },
      );
    }
    abort() {
      if (this.isAborted || this.readyState === 4) return;
      this.isAborted = true;
      this.readyState = 4;
      this.emit('abort');
      this.emit('loadend');
    }
    private emit(type: string) {
      const event = { type, target: this };
      const handler = (this as unknown as Record<string, Listener | null>)[`on${type}`];
      handler?.(event);
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  };
}

/**
 * Replaces `fetch` and `XMLHttpRequest` with `respond`; every call is recorded in the answer's
 * `calls`. The test file undoes it with `vi.unstubAllGlobals()` (the component tier's setup does).
 */
export function fakeServer(respond: Respond) {
  const calls: Call[] = [];
  const record = async (call: Call) => {
    calls.push(call);
    return respond(call);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const request = input instanceof Request ? input : undefined;
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      const rawBody = init?.body ?? (request && method !== 'GET' && method !== 'HEAD' ? await request.clone().text() : undefined);
      const call: Call = { method, path: pathOf(request ? request.url : input as string | URL), body: parseBody(rawBody) };
      const signal = init?.signal ?? request?.signal;
      if (signal?.aborted) throw abortError();
      const reply = record(call);
      if (!signal) return toResponse(await reply);
      return new Promise<Response>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(abortError()), { once: true });
        reply.then((answer) => resolve(toResponse(answer)), reject);
      });
    }),
  );
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(record));
  return { calls };
}

/** A reply the test gives later: `reply` is the promise for `respond`, `answer` settles it. */
export function deferredReply() {
  let answer!: (reply: Reply) => void;
  const reply = new Promise<Reply>((resolve) => {
    answer = resolve;
  });
  return { reply, answer };
}

/** The contract's error envelope. */
export const failure = (status: number, code: string, message: string, errors?: Array<{ field: string; message: string }>): Reply => ({
  status,
  body: { success: false, code, message, ...(errors ? { errors } : {}) },
});

export const notFound: Reply = failure(404, 'NOT_FOUND', 'Not found');

/** `calls` written as 'METHOD /path', for asserting the order of what went out. */
export const requestLines = (calls: readonly Call[]) => calls.map((call) => `${call.method} ${call.path}`);

/** A call's path without its query ('/api/v1/todos'). */
export const pathnameOf = (call: Call) => new URL(call.path, ORIGIN).pathname;

/** A call's query as an object ({ status: 'DONE' }), whatever order the client wrote it in. */
export const queryOf = (call: Call) => Object.fromEntries(new URL(call.path, ORIGIN).searchParams);
