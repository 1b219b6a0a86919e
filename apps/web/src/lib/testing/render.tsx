import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** A query client as the app's, without retries (a failure shows at once). */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders `ui` with a fresh query client. */
export function renderWithQueries(ui: ReactNode) {
  const client = testQueryClient();
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), queryClient: client };
}

/** Runs `hook` in a component with a fresh query client, and the toasts on screen. */
export function renderHookWithQueries<Result>(hook: () => Result) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Toaster />
      {children}
    </QueryClientProvider>
  );
  return { ...renderHook(hook, { wrapper }), queryClient: client };
}

export interface RenderOptions {
  /** The URL the screen opens at ('/dashboard/todos?status=DONE'). */
  url?: string;
  /** The route pattern `ui` answers (so params and links resolve); every path by default. */
  path?: string;
  /** Also render the toasts (react-hot-toast's Toaster). */
  withToasts?: boolean;
  /** The navigation's state, as another screen's `navigate(url, { state })` leaves it. */
  state?: unknown;
}

/**
 * Renders `ui` as a screen of the app: a fresh query client, a router at `url` (another path
 * shows 'Elsewhere', so a navigation away is visible), and optionally the toasts.
 * `location()` is where the router is now (its pathname and search).
 */
export function renderScreen(ui: ReactNode, { url = '/', path = '*', withToasts = false, state }: RenderOptions = {}) {
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: ui },
      ...(path === '*' ? [] : [{ path: '*', element: <Elsewhere /> }]),
    ],
    { initialEntries: [state === undefined ? url : entryWithState(url, state)] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      {withToasts && <Toaster />}
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const location = () => router.state.location;
  return { ...result, router, queryClient: client, location };
}

/** A history entry at `url` carrying `state`. */
function entryWithState(url: string, state: unknown) {
  const { pathname, search } = new URL(url, 'http://tasklane.test');
  return { pathname, search, state };
}

function Elsewhere() {
  return <p>Elsewhere</p>;
}
