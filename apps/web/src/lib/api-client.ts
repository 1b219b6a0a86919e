import type { ErrorResponse, FieldError } from '@tasklane/contract';

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
 * Any schema with a `parse` (the contract's zod schemas). Optional: the calls on the first
 * screen (session, login, logout) skip it so that zod stays out of the /login bundle; the
 * server already serializes those answers through the same contract schemas.
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  schema?: ResponseParser<T>;
  signal?: AbortSignal;
}

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
 * The one way the web app talks to the API: same origin (relative `/api/v1/...` paths),
 * JSON, cookies included. Returns the parsed response or throws an ApiError.
 */
export async function apiRequest<T>(path: string, { method = 'GET', body, schema, signal }: RequestOptions<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID }
          : { accept: 'application/json', 'content-type': 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR' });
  }

  const data = parseResponseText(await response.text());
  if (!response.ok) throw apiErrorFromResponse(response.status, data);
  return parseResponseBody(response.status, data, schema);
}

export const api = {
  get: <T>(path: string, schema?: ResponseParser<T>, signal?: AbortSignal) => apiRequest<T>(path, { schema, signal }),
  post: <T>(path: string, body: unknown, schema?: ResponseParser<T>) => apiRequest<T>(path, { method: 'POST', body, schema }),
  put: <T>(path: string, body: unknown, schema?: ResponseParser<T>) => apiRequest<T>(path, { method: 'PUT', body, schema }),
  delete: <T>(path: string, schema?: ResponseParser<T>) => apiRequest<T>(path, { method: 'DELETE', schema }),
};
