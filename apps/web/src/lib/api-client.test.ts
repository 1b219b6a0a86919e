import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

const schema = { parse: (data: unknown) => data as { ok: boolean } };

function respond(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })));
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('returns the parsed body on success', async () => {
    respond(200, { ok: true });
    await expect(apiRequest('/api/v1/x', { schema })).resolves.toEqual({ ok: true });
  });

  it('throws the server error envelope as an ApiError', async () => {
    respond(409, { success: false, message: 'Email already registered', code: 'CONFLICT', errors: [{ field: 'email', message: 'taken' }] });
    const error = await apiRequest('/api/v1/x', { method: 'POST', body: {}, schema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Email already registered', serverMessage: 'Email already registered' });
    expect((error as ApiError).errors).toEqual([{ field: 'email', message: 'taken' }]);
  });

  it("falls back to 'Unknown error' without a server message", async () => {
    respond(502, undefined);
    const error = await apiRequest('/api/v1/x', { schema }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, message: 'Unknown error', serverMessage: undefined });
  });

  it('turns a network failure into an ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const error = await apiRequest('/api/v1/x', { schema }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, message: 'Unknown error' });
  });

  it('sends JSON with the session cookie to a relative path', async () => {
    respond(200, { ok: true });
    await apiRequest('/api/v1/auth/login', { method: 'POST', body: { a: 1 }, schema });
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/api/v1/auth/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
  });
});
