import type { AnyOperation, BodyInputOf, ErrorResponse, FieldError, ParamsInputOf, QueryInputOf, ResponseOf } from '@tasklane/contract';
import { buildPath, buildQueryString, type HttpMethod } from '@tasklane/contract/routes';

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

/**
 * This tab's name for the server (sent as X-Client-Id with every call): the events of its own
 * writes come back with it as their `origin`, so the tab can ignore its echoes while another
 * tab of the same user still updates. A fresh one per page load. (The header's name is the
 * contract's CLIENT_ID_HEADER, written out so the first screen's bundle stays free of zod.)
 */
export const CLIENT_ID = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `tab-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const CLIENT_ID_HEADER = 'x-client-id';

/**
 * Any schema with a `parse` (the contract's zod schemas). The calls on the first screen
 * (session, login, logout) have none, so that zod stays out of the /login bundle (`unparsed`).
 */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/** A failed call: the server's error envelope, or 'Unknown error' when there is none. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  /** The message the server sent, if any (SPEC 8: server messages are preferred). */
  readonly serverMessage: string | undefined;

  constructor(options: { status: number; code: string; serverMessage?: string; errors?: FieldError[] }) {
    super(options.serverMessage ?? UNKNOWN_ERROR_MESSAGE);
    this.status = options.status;
    this.code = options.code;
    this.errors = options.errors ?? [];
    this.serverMessage = options.serverMessage;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** True for the answer a signed-out (or expired) session gets. */
export const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

/** The contract's error envelope, checked by hand (no zod on the first screen). */
function asErrorResponse(data: unknown): ErrorResponse | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const body = data as Partial<ErrorResponse>;
  if (body.success !== false || typeof body.message !== 'string' || typeof body.code !== 'string') return undefined;
  const errors = Array.isArray(body.errors)
    ? body.errors.filter((item): item is FieldError => typeof item?.field === 'string' && typeof item?.message === 'string')
    : undefined;
  return { success: false, message: body.message, code: body.code, errors };
}

/** A response body as JSON, or undefined when it is empty or not JSON. */
export function parseResponseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The ApiError for an unsuccessful answer: the server's envelope when it sent one, else its
 * message if any, else 'Unknown error' (SPEC 7). Shared by every way of calling the API.
 */
export function apiErrorFromResponse(status: number, data: unknown): ApiError {
  const envelope = asErrorResponse(data);
  if (envelope) return new ApiError({ status, code: envelope.code, serverMessage: envelope.message, errors: envelope.errors });
  const message = typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' ? data.message : undefined;
  return new ApiError({ status, code: 'UNKNOWN', serverMessage: message });
}

/** The successful answer through its schema (an answer of another shape is an error). */
export function parseResponseBody<T>(status: number, data: unknown, schema?: ResponseParser<T>): T {
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch {
    throw new ApiError({ status, code: 'INVALID_RESPONSE' });
  }
}

/**
 * What the client needs of an operation: its route, and the response schemas it parses the
 * answer with (the contract's `operations.<group>.<name>`), or the route alone (see `unparsed`).
 */
interface Callable {
  readonly name?: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly responses?: Readonly<Record<number, ResponseParser<unknown>>>;
}

declare const operationType: unique symbol;

/** An operation's route without its schemas, still typed as the whole operation. */
export type Unparsed<O extends AnyOperation> = Pick<O, 'method' | 'path'> & { readonly [operationType]?: O };

/**
 * The first screen's calls (session, login, logout) name their operation by its route alone,
 * from the contract's zod-free route table, so that zod stays out of the /login bundle: their
 * answers are not parsed (the server already serializes them through the same schemas), but
 * their params, bodies and answers keep the operation's types.
 */
export function unparsed<O extends AnyOperation>(route: Pick<O, 'method' | 'path'>): Unparsed<O> {
  return route;
}

type OperationOf<C> = C extends { readonly [operationType]?: infer O } ? (unknown extends O ? C : NonNullable<O>) : C;

type Field<Key extends string, T> = [T] extends [undefined]
  ? { readonly [K in Key]?: undefined }
  : undefined extends T
    ? { readonly [K in Key]?: T }
    : Record<never, never> extends T
      ? { readonly [K in Key]?: T }
      : { readonly [K in Key]: T };

/** What a call sends: the path's params, the query and the body, each typed by the operation's schemas. */
export type CallInput<C> = Field<'params', ParamsInputOf<OperationOf<C>>> &
  Field<'query', QueryInputOf<OperationOf<C>>> &
  Field<'body', BodyInputOf<OperationOf<C>>> & { readonly signal?: AbortSignal };

/** A successful call's answer. */
export type CallResult<C> = ResponseOf<OperationOf<C>>;

type CallArgs<C> = Record<never, never> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** The same-origin URL of a call: the operation's path, its params URI-encoded, then the query. */
export function operationUrl(operation: Pick<Callable, 'path'>, input: { params?: unknown; query?: unknown } = {}): string {
  return (
    buildPath(operation.path, input.params as Record<string, string> | undefined) +
    buildQueryString(input.query as object | undefined)
  );
}

/**
 * The headers a call carries: JSON answers wanted, and this tab's id (which names the origin of
 * the events a write causes). A GET carries none: it causes no event, the server answers JSON
 * anyway, and a request with headers other than the page's `<link rel="preload" as="fetch">`
 * would not reuse it: the first screen's data, which the server has the browser fetch alongside
 * the script (apps/server/src/http/first-screen.ts), would be fetched a second time.
 */
function requestHeaders(method: HttpMethod, hasJsonBody: boolean): Record<string, string> | undefined {
  if (method === 'GET') return undefined;
  return hasJsonBody
    ? { accept: 'application/json', 'content-type': 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID }
    : { accept: 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID };
}

/** A successful answer through the operation's schema for its status (or its success schema), if it has any. */
function parseAnswer(operation: Callable, status: number, data: unknown): unknown {
  const responses = operation.responses;
  if (!responses) return data;
  const successStatus = Object.keys(responses)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  const schema = responses[status] ?? (successStatus === undefined ? undefined : responses[successStatus]);
  return parseResponseBody(status, data, schema);
}

/**
 * The one way the web app talks to the API: an operation of the contract, called by name with
 * typed params, query and body (`callApi(operations.todos.update, { params: { todoId }, body })`).
 * Same origin, JSON, cookies included, this tab's X-Client-Id. Returns the answer parsed by the
 * operation's response schema, or throws an ApiError.
 */
export async function callApi<C extends Callable>(operation: C, ...[input]: CallArgs<C>): Promise<CallResult<C>> {
  const { body, signal } = (input ?? {}) as { body?: unknown; signal?: AbortSignal };
  let response: Response;
  try {
    response = await fetch(operationUrl(operation, input), {
      method: operation.method,
      credentials: 'same-origin',
      headers: requestHeaders(operation.method, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR' });
  }

  const data = parseResponseText(await response.text());
  if (!response.ok) throw apiErrorFromResponse(response.status, data);
  return parseAnswer(operation, response.status, data) as CallResult<C>;
}

export type UploadInput<C> = Field<'params', ParamsInputOf<OperationOf<C>>> & {
  /** The multipart body. */
  readonly form: FormData;
  /** Called as the body goes out: the share sent so far, from 0 to 1. */
  readonly onProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
};

/** True for the error of a call the user cancelled. */
export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * callApi for a multipart body whose progress the screen shows: XMLHttpRequest rather than fetch,
 * because only it reports upload progress. The same URL building, headers (the browser adds the
 * multipart content type), answer parsing and ApiError; status 0 when no answer came, and an
 * AbortError when `signal` cancels it.
 */
export function uploadWithProgress<C extends Callable>(operation: C, input: UploadInput<C>): Promise<CallResult<C>> {
  const { form, onProgress, signal } = input;
  return new Promise((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled', 'AbortError');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const request = new XMLHttpRequest();
    request.open(operation.method, operationUrl(operation, input));
    for (const [name, value] of Object.entries(requestHeaders(operation.method, false) ?? {})) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const data = parseResponseText(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorFromResponse(request.status, data));
        return;
      }
      try {
        resolve(parseAnswer(operation, request.status, data) as CallResult<C>);
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener('error', () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR' })));
    request.addEventListener('abort', () => reject(cancelled()));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
