// The component tier's setup (vitest.config.ts, project "component"): after each test the
// screen is unmounted, toasts are dropped, and the faked globals and spies are put back, so
// every test (and file) starts clean whatever order the shuffled run picks.
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  globalThis.localStorage?.clear();
});
