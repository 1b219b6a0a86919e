import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Call } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { WatchToggle } from './watch-toggle';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WatchToggle', () => {
  it('shows whether you watch the task and switches with PUT and DELETE', async () => {
    const calls: Call[] = [];
    fakeServer((call) => {
      calls.push(call);
      const watching = call.method === 'PUT' ? true : call.method === 'DELETE' ? false : true;
      return { status: 200, body: { success: true, data: { watching }, message: 'ok' } };
    });
    const user = userEvent.setup();
    renderScreen(<WatchToggle taskId="t1" />);
    const toggle = await screen.findByRole('button', { name: 'Watching' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    const off = await screen.findByRole('button', { name: 'Watch' });
    expect(off.getAttribute('aria-pressed')).toBe('false');
    await user.click(off);
    await screen.findByRole('button', { name: 'Watching' });
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/tasks/t1/watch', 'DELETE /api/v1/tasks/t1/watch', 'PUT /api/v1/tasks/t1/watch']),
    );
  });
});
