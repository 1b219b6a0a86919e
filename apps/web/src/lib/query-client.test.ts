import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry, UNAUTHORIZED_IS_EXPECTED } from './query-client';

const unauthorized = () => new ApiError({ status: 401, code: 'UNAUTHORIZED', serverMessage: 'Not signed in' });

describe('createQueryClient', () => {
  it('reports a 401 from a query', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(unauthorized()) })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledWith(client);
  });

  it('reports a 401 from a mutation', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(unauthorized()) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ignores a 401 that the call expects (a wrong password)', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(unauthorized()),
      meta: { [UNAUTHORIZED_IS_EXPECTED]: true },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ignores other failures', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({ queryKey: ['y'], queryFn: () => Promise.reject(new ApiError({ status: 403, code: 'FORBIDDEN' })) })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('shouldRetry', () => {
  it('never retries client errors and retries others twice', () => {
    expect(shouldRetry(0, unauthorized())).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE' }))).toBe(true);
    expect(shouldRetry(2, new Error('network'))).toBe(false);
  });
});
