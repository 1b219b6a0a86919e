import { cleanup, waitFor } from '@testing-library/react';
import type { Me } from '@tasklane/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Call } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderHookWithQueries } from '@/lib/testing/render';
import { queryKeys } from '@/lib/query-keys';
import { useBrowserTimeZoneDefault } from './use-browser-time-zone-default';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const me: Me = { ...person('me', 'Mona Me'), username: 'mona', email: 'mona@example.com', isAdmin: false, twoFactorEnabled: false, timeZone: null };

describe('useBrowserTimeZoneDefault', () => {
  it("saves the browser's zone once, right after the first screen, for a user who has none", async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
    });
    const calls: Call[] = [];
    fakeServer((call) => {
      calls.push(call);
      if (call.method === 'PUT') return { status: 200, body: { success: true, message: 'Profile updated', data: { ...me, ...(call.body as object) } } };
      return { status: 200, body: { success: true, data: me } };
    });
    const { queryClient, rerender } = renderHookWithQueries(() => useBrowserTimeZoneDefault());
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.me())).toMatchObject({ timeZone: null }));
    // The save's code is imported lazily: the first test of a busy run transforms it first
    // (it took over 2 s once in a shuffled run on these two cores), so wait for it generously.
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([['/api/v1/users/me', { timeZone: 'Asia/Kolkata' }]]), { timeout: 10_000 });
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.me())).toMatchObject({ timeZone: 'Asia/Kolkata' }));
    rerender();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});
